# صفحة الدراسة (study.html): محرّر الرقعة.
study-title = محرّر الرقعة
study-hint = انقر خانة لتضع فيها ما اخترته أدناه (انقرها مرة أخرى لترفعه)، أو اسحب قطعة. بلوحة المفاتيح: الأسهم للتنقل على الرقعة، وEnter للوضع.
study-brush = النقرة تضع
study-brush-soldier = { $side }: جندي
study-brush-mullah = { $side }: ملّا
study-brush-erase = لا شيء (تُفرغ الخانة)
study-to-move = صاحب الدور
study-phase = المرحلة
study-phase-value = { $phase ->
        [setting] الوضع: ما زال في اليد جنود
       *[moving] التحريك: وُضع كل الجنود
    }
study-in-hand = في اليد: { $first } { $firstcount }، { $second } { $secondcount }
study-quiet = النقلات منذ آخر أسر
study-quiet-mullah = نقلات الملّا منذ آخر أسر
study-clear = أفرغ الرقعة
study-start = وضعية البداية
study-legal = وضعية قانونية: يمكن اللعب منها ومشاركتها.
study-illegal = لا يمكن اللعب من هذه الوضعية. { $reason }
study-play = العب من هذه الوضعية…
study-text = نص الوضعية (الصق نص وضعية أو رابطًا لفتحه هنا)
study-paste-error = لا يمكن فتح هذا هنا: { $error }
study-copy-text = انسخ نص الوضعية
study-link = رابط هذه الوضعية
study-copy-link = انسخ الرابط

# لوحة التحليل.
analysis-title = التحليل
analysis-bar = التقييم (حصة اللاعب الأول)
analysis-starting = الحاسوب يدرس الوضعية…
analysis-failed = لا يستطيع الحاسوب التحليل هنا: لم يبدأ عامله.
analysis-over = انتهت اللعبة في هذه الوضعية.
analysis-even = الوضعية متعادلة تقريبًا.
analysis-ahead = { $side } متقدّم بنحو { $n ->
        [one] جندي واحد
        [two] جنديين
        [few] { $n } جنود
       *[other] { $n } جنديًا
    }.
analysis-wins = { $side } يفوز في { $n ->
        [one] نقلة واحدة
        [two] نقلتين
        [few] { $n } نقلات
       *[other] { $n } نقلة
    }.
analysis-depth = العمق { $depth }، { $nodes } وضعية
analysis-line = أفضل تسلسل:
analysis-game-line = اللعبة
analysis-variation = تفريع:
analysis-back = عُد إلى خط اللعبة
analysis-position = وضعية معدَّلة
analysis-back-position = عُد إلى الوضعية المعدَّلة
analysis-ply-number = { $n }.

# المراجعة.
review-title = المراجعة
review-graph = التقييم على امتداد اللعبة (حصة اللاعب الأول)؛ تعرض النقطة وضعيتها
review-running = المراجعة: { $done } من { $total } وضعية، يبقى نحو { $seconds ->
        [one] ثانية واحدة
        [two] ثانيتين
        [few] { $seconds } ثوانٍ
       *[other] { $seconds } ثانية
    }
review-cancel = ألغِ
review-resume = تابع المراجعة ({ $done } من { $total } وضعية)
review-judged = { $n }. { $side }: { $ply } — { $judgement ->
        [inaccuracy] نقلة غير دقيقة
        [mistake] خطأ
       *[blunder] خطأ فادح
    }
review-better = (الأفضل: { $ply })
review-puzzle = ابحث عن النقلة الأفضل
review-kind = { $judgement ->
        [inaccuracy] نقلات غير دقيقة
        [mistake] أخطاء
       *[blunder] أخطاء فادحة
    }
review-average = متوسط الخسارة
review-summary = النقلات غير الدقيقة والأخطاء والأخطاء الفادحة لكل طرف، ومتوسط الجنود التي فرّط فيها في كل نقلة، بحساب الحاسوب.
