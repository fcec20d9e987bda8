app-title = الخربقة
app-tagline = { $game ->
        [seega] السيجة: ضع جنودك اثنين اثنين، ويبدأ الثاني بالتحريك، ثم حاصر جنود خصمك لتأسرهم، إلا على المربع الأوسط.
        [kharbaga] الخرباقة على نقاط وخطوط: تقدّم، واقفز فوق قطعة خصمك لتأسرها، وخذ دائمًا أكثر ما تستطيع، وتوَّج ملّا في الصف الأخير.
       *[kharbga] لعبة الجنود من شمال إفريقيا. ضع جنودك اثنين اثنين، ثم حرّكها وحاصر جنود خصمك بين جنديين لتأسرهم.
    }
language-switcher = اللغة
board-label = رقعة الخربقة
square-label = { $square }{ $malha ->
        [yes] ، الملحة
       *[no] {""}
    }، { $piece ->
        [attacker] جندي المهاجم
        [defender] جندي المدافع
        [first] جندي اللاعب الأول
        [second] جندي اللاعب الثاني
        [first-mullah] ملّا اللاعب الأول
        [second-mullah] ملّا اللاعب الثاني
       *[empty] فارغ
    }{ $state ->
        [dest] ، وجهة ممكنة
        [forced] ، عليه أن يأسر مرة أخرى
        [forbidden] ، مغلق
       *[none] {""}
    }
square-forbidden = مغلق الآن: على المهاجم أن يحتفظ بمربع مجاور للملحة.
side-name = { $side ->
        [attacker] المهاجم
        [defender] المدافع
        [first] اللاعب الأول
       *[second] اللاعب الثاني
    }
player-default = { $side ->
        [attacker] المهاجم
        [defender] المدافع
        [first] اللاعب 1
       *[second] اللاعب 2
    }
variant-name = { $variant ->
        [kharbga] الخربقة، 7×7
        [seega5] السيجة 5×5
        [seega7] السيجة 7×7
        [kharbaga] الخرباقة، 5×5 نقاط
       *[seega9] السيجة 9×9
    }
mode-name = { $mode ->
        [hotseat] لاعبان على هذا الجهاز
        [computer] ضد الحاسوب
       *[online] عبر الإنترنت مع صديق (رابط للمشاركة)
    }
newgame-title = لعبة جديدة
newgame-game = اللعبة
newgame-mode = طريقة اللعب
newgame-players = اللاعبون
newgame-player = { $side ->
        [attacker] المهاجم (يضع ويحرّك أولًا)
        [defender] المدافع
        [first] اللاعب الأول (يضع أولًا)
        [first-moves] اللاعب الأول (يلعب أولًا)
        [second-plain] اللاعب الثاني
       *[second] اللاعب الثاني (يحرّك أولًا)
    }
newgame-rules = القواعد
newgame-defaults = العودة إلى قواعد هذه اللعبة
newgame-start = ابدأ اللعبة
option-quiet = عدد النقلات بلا أسر قبل الحسم بعدد الجنود (0 بلا حد)
option-chain = الأسر المتتابع
option-chain-value = { $value ->
        [compulsory] إلزامي: استمر في الأسر ما دمت تستطيع
       *[optional] اختياري: يمكنك التوقف
    }
option-blocked = لاعب لا يستطيع الحركة
option-blocked-value = { $value ->
        [pass] يمرّر: يلعب الخصم مرة أخرى
       *[remove] يزيل جنديًا من جنود الخصم
    }
hud-phase = { $phase ->
        [setting] وضع الجنود
        [moving] التحريك
       *[over] انتهت اللعبة
    }
hud-setting = { $side } يضع الجندي { $n } من 2
hud-to-move = الدور { $turn }: يلعب { $side }
hud-chain = على { $side } أن يأسر مرة أخرى بالجندي في { $square }
hud-chain-optional = يمكن لـ{ $side } أن يأسر مرة أخرى بالجندي في { $square }، أو أن يتوقف
hud-pass = { $blocked } محاصر: يلعب { $other } مرة أخرى
newgame-clock = الساعة
newgame-time-control = وقت كل لاعب
newgame-clock-none = بلا ساعة
newgame-clock-preset = { $minutes } د + { $seconds } ث لكل نقلة
newgame-clock-custom = مخصص…
newgame-clock-minutes = الدقائق لكل لاعب
newgame-clock-increment = الثواني المضافة لكل نقلة
newgame-clock-error = اختر من نصف دقيقة إلى ثلاث ساعات لكل لاعب، و180 ثانية على الأكثر لكل نقلة.
hud-clock = الوقت المتبقي لـ{ $name }: { $time }
replay-clocks = { $first }: { $firstTime } · { $second }: { $secondTime }
hud-on-board = { $count } على الرقعة
hud-in-hand = { $count } للوضع
hud-quiet = { $count } من { $limit } نقلة بلا أسر
exchange-status = { $step ->
        [1] طُلبت مبادلة: يمكن للمهاجم أن يعرض جنديًا بنقلة معلَّمة، أو أن يرفض بنقلة عادية
        [2] عُرض جندي: يؤكد المدافع بنقلة معلَّمة للجندي نفسه
        [3] تم التأكيد: يمكن للمهاجم أن يعرض جنديًا ثانيًا بنقلة معلَّمة
       *[4] عُرض جنديان: يُتمّ المدافع المبادلة بنقلة معلَّمة
    }
control-undo = تراجع
control-redo = إعادة
control-flip = اقلب الرقعة
control-exchange = علّم النقلة التالية للمبادلة
control-stop = توقف عن الأسر
control-capturable = أظهر الجنود المهددين
control-back = العودة إلى اللعبة
control-resign = استسلام
control-draw = الاتفاق على التعادل
control-new = لعبة جديدة
moves-title = النقلات
note-captures = يأسر { $squares }
note-removed = يزيل { $squares }
note-exchange = { $kind ->
        [request] طلب مبادلة:
        [offer] يعرض:
        [confirm] تأكيد:
        [done] تمت المبادلة، أزيل:
       *[cancel] أُلغيت المبادلة
    } { $squares }
note-pass = { $side } محاصر، يمرّر
announce-ply = { $side }: { $ply }
result-winner = فاز { $name }
result-draw = تعادل
result-reason = { $reason ->
        [no-soldiers] لم يبق للخاسر أي جندي.
        [no-pieces] لم تبق للخاسر أي قطعة.
        [no-moves] لم تبق للخاسر أي نقلة مشروعة.
        [draw-quiet-limit] نقلات ملّا كثيرة بلا أسر: تعادل.
        [draw-repetition] تكرر الموضع نفسه ثلاث مرات: تعادل.
        [first-move-block] لم يستطع المدافع الحركة بعد الدور الأول للمهاجم.
        [quiet-limit] نقلات كثيرة بلا أسر: يفوز صاحب العدد الأكبر من الجنود.
        [repetition] تكرر الوضع نفسه ثلاث مرات: يفوز صاحب العدد الأكبر من الجنود.
        [time] نفد وقت الخاسر.
        [draw-time] نفد الوقت، لكن اللاعب الآخر ما كان ليفوز: تعادل.
        [resignation] استسلم اللاعب الآخر.
       *[agreed-draw] اتفق اللاعبان على التعادل.
    }
result-rematch = مباراة ثأرية مع تبادل الأدوار
result-close = انظر إلى الرقعة
result-back-to-tournament = العودة إلى البطولة
computer-name = الحاسوب، المستوى { $level }
computer-thinking = الحاسوب يفكر…
newgame-level = مستوى الحاسوب
newgame-you-play = أنت تلعب
level-name = { $level ->
        [1] 1 — مبتدئ
        [2] 2 — هاوٍ
        [3] 3 — لاعب نادٍ
        [4] 4 — قوي
       *[5] 5 — الأقوى
    }
control-hint = تلميح
hint-text = تلميح: { $ply } ({ $eval })
nav-library = المكتبة
notice-dismiss = إغلاق
save-set-aside-named = تعذّرت قراءة الدور المحفوظ { $first } – { $second } ({ $reason }): وُضع جانبًا كما هو. { $remaining ->
        [0] لا أدوار أخرى محفوظة.
        [one] دورك المحفوظ الآخر سليم.
        [two] دوراك المحفوظان الآخران سليمان.
        [few] أدوارك المحفوظة الأخرى ({ $remaining }) سليمة.
       *[other] أدوارك المحفوظة الأخرى ({ $remaining }) سليمة.
    }
save-set-aside-unnamed = تعذّرت قراءة دور محفوظ ({ $reason }): وُضع جانبًا كما هو. { $remaining ->
        [0] لا أدوار أخرى محفوظة.
        [one] دورك المحفوظ الآخر سليم.
        [two] دوراك المحفوظان الآخران سليمان.
        [few] أدوارك المحفوظة الأخرى ({ $remaining }) سليمة.
       *[other] أدوارك المحفوظة الأخرى ({ $remaining }) سليمة.
    }
save-newer = بعض الأدوار المحفوظة صنعها إصدار أحدث من التطبيق: يُحتفظ بها، لكنها لا تُعرض هنا.
save-full = مساحة التخزين ممتلئة: هذا الدور لا يُحفظ، لكنه يبقى هنا ما دامت الصفحة مفتوحة. احذف بعض الأدوار من المكتبة لإفساح المجال.
save-unavailable = هذا المتصفح لا يسمح للتطبيق بالحفظ (نافذة خاصة، أو بيانات المواقع معطّلة): تدوم الأدوار والإعدادات ونتائج الألغاز ما دامت الصفحة مفتوحة فقط.
save-full-at-open = مساحة التخزين ممتلئة: أدوارك المحفوظة كلها هنا، لكن لا يمكن حفظ أي جديد (أدوار، إعدادات، نتائج الألغاز) حتى تُفسح المجال. احذف بعض الأدوار من المكتبة.
save-not-kept-settings = مساحة التخزين ممتلئة: لم تُحفظ إعداداتك. تسري ما دامت الصفحة مفتوحة؛ احذف بعض الأدوار من المكتبة لإفساح المجال، ثم اضبطها من جديد.
save-not-kept-learning = مساحة التخزين ممتلئة: لم تُحفظ نتيجتك وتصنيفك في الألغاز، وستضيع عند إغلاق الصفحة. احذف بعض الأدوار من المكتبة لإفساح المجال.
save-not-kept-reviews = مساحة التخزين ممتلئة: لم تُحفظ مراجعة الحاسوب. احذف بعض الأدوار من المكتبة لإفساح المجال.
save-not-kept-tournaments = مساحة التخزين ممتلئة: لم تُحفظ البطولة، وستضيع عند إغلاق الصفحة. احذف بعض الأدوار من المكتبة لإفساح المجال.
save-not-kept-seats = مساحة التخزين ممتلئة: لم يُحفظ مفتاح مقعدك في البطولة عبر الإنترنت: بعد إعادة التحميل لن تستطيع العودة إليه. احذف بعض الأدوار من المكتبة لإفساح المجال، وأبقِ هذه الصفحة مفتوحة.
save-refused = توقّف المتصفح عن السماح للتطبيق بالحفظ: ما تفعله الآن يدوم ما دامت الصفحة مفتوحة فقط.
save-open-library = افتح المكتبة
chunk-missing = تعذّر تحميل هذا الجزء من الخربقة: تحقّق من الاتصال.
chunk-retry = أعد المحاولة
link-newer = صُنع هذا الرابط بإصدار أحدث من التطبيق (الصيغة { $version }). أعد تحميل الصفحة للحصول على أحدث إصدار.
link-bad = تعذّرت قراءة رابط الدور هذا: { $error }
newgame-position = البدء من وضعية (اختياري: نص وضعية)
newgame-position-error = لا يمكن استعمال هذه الوضعية: { $error }
newgame-editor = رتّب وضعية في محرّر الرقعة…
study-analyse = حلّل
study-review = راجع اللعبة مع الحاسوب
study-edit-position = عدّل هذه الوضعية
library-title = الأدوار المحفوظة
library-empty = لا أدوار محفوظة بعد: يُحفظ كل دور أثناء اللعب.
library-game-title = { $first } – { $second }
library-result-won = فاز { $name }
library-result-draw = تعادل
library-result-unfinished = لم ينتهِ
library-plies = { $n ->
    [one] نقلة واحدة
    [two] نقلتان
    [few] { $n } نقلات
   *[other] { $n } نقلة
}
library-continue = متابعة
library-replay = إعادة العرض
library-rename = إعادة التسمية
library-rename-save = حفظ الاسم
library-delete = حذف
library-deleted = حُذف «{ $name }».
library-undo = تراجع
library-export = تنزيل (.txt)
library-copy = نسخ
library-copied = نُسخ
library-import-title = استيراد سجلّ دور
library-import-paste = ألصق سجلًّا
library-import-file = أو افتح سجلًّا من ملف…
library-import-button = استيراد
library-imported = أُضيف الدور إلى المكتبة.
replay-title = إعادة العرض
replay-ply = النقلة { $n } من { $total }
replay-start = البداية
replay-prev = رجوع
replay-next = تقدّم
replay-end = النهاية
replay-setting-end = نهاية الوضع
replay-autoplay = عرض تلقائي
replay-pause = إيقاف مؤقت
replay-speed = السرعة
replay-speed-value = { $speed ->
    [0] بطيئة
    [1] عادية
   *[other] سريعة
}
replay-play-from = العب من هنا
replay-mode-two = لاعبان على هذا الجهاز
replay-mode-computer = ضد الحاسوب
replay-play-from-button = العب من هذه الوضعية
replay-share = رابط المشاركة

## شاشة اللعب: الرفض، التصفح، التلميحات، الحاسوب
nav-label = القائمة الرئيسية
moves-turn = { $turn }.
hud-browsing = الرقعة بعد النقلة { $ply } من { $total }: عُد إلى اللعبة لتلعب.
refusal-malha = تبقى الملحة فارغة أثناء وضع الجنود.
refusal-forbidden = مغلق الآن: على المهاجم أن يحتفظ بمربع مجاور للملحة.
refusal-occupied = في هذا المربع جندي من قبل.
refusal-enemy = ليس هذا جنديك: الدور لـ{ $side }.
refusal-blocked = الجندي في { $square } لا يجد مربعًا فارغًا يتقدم إليه.
refusal-chain = لا يتحرك الآن إلا الجندي في { $square }، وللأسر فقط.
refusal-flag = لا يمكن أن تحمل هذه النقلة علامة المبادلة: أزل العلامة لتلعبها نقلة عادية.
refusal-empty = المس أحد جنودك، ثم مربعًا يستطيع التقدم إليه.
hint-eval-wins = يفوز { $side } خلال { $n ->
        [one] نقلة واحدة
        [two] نقلتين
        [few] { $n } نقلات
       *[other] { $n } نقلة
    }
hint-eval-loses = يخسر { $side } خلال { $n ->
        [one] نقلة واحدة
        [two] نقلتين
        [few] { $n } نقلات
       *[other] { $n } نقلة
    }
hint-eval-even = الوضع متكافئ تقريبًا
hint-eval-ahead = يتقدم { $side } بنحو { $n ->
        [one] جندي واحد
        [two] جنديين
        [few] { $n } جنود
        [many] { $n } جنديًا
       *[other] { $n } جندي
    }
hint-eval-behind = يتأخر { $side } بنحو { $n ->
        [one] جندي واحد
        [two] جنديين
        [few] { $n } جنود
        [many] { $n } جنديًا
       *[other] { $n } جندي
    }
computer-failed = { $reason ->
        [load] تعذّر تشغيل الحاسوب في هذا المتصفح.
        [silent] لم يُجب الحاسوب.
       *[version] الحاسوب من إصدار آخر من التطبيق: أعد تحميل الصفحة.
    } وفي الأثناء تلعب الصفحة عنه نقلات بسيطة.
computer-retry = أعد المحاولة
library-against-computer = ضد الحاسوب

## الأخطاء، نوعًا نوعًا
error-position-field-count = لنص الوضعية 8 حقول تفصل بينها مسافات؛ لهذا النص { $found }.
error-position-rank-count = للرقعة { $found } صفوف؛ المطلوب 5 أو 7 أو 9.
error-position-rank-length = الصف { $rank } لا يصف عددًا من المربعات يساوي عرض الرقعة.
error-position-rank-digits = الصف { $rank } يكتب سلسلة مربعات فارغة برقمين.
error-position-rank-character = «{ $character }» في الصف { $rank } ليس S ولا s ولا رقمًا.
error-position-field = { $field ->
        [side] الجانب الذي عليه الدور
        [hand] عدد الجنود الباقين للوضع
        [chain] جندي الأسر المتتابع
        [exchange] حالة المبادلة
        [quiet] عدّاد النقلات بلا أسر
        [turn] رقم الدور
       *[first-turn] علامة الدور الأول
    } لا يمكن أن يكون «{ $text }».
error-position-wrong-size = الرقعة { $found }×{ $found }، لكن هذه اللعبة تُلعب على { $expected }×{ $expected }.
error-position-off-board = جندي خارج الرقعة.
error-position-shared-square = جنديان في مربع واحد.
error-position-too-many = لدى { $side } { $found } جنديًا؛ لكل لاعب { $most }.
error-position-turn-zero = يبدأ رقم الدور من 1.
error-position-setting-state = أثناء وضع الجنود لا أسر متتابع ولا مبادلة ولا عدّاد للنقلات بلا أسر.
error-position-on-malha = لا يوضع جندي على الملحة.
error-position-captured-while-setting = لا يؤسر شيء أثناء وضع الجنود.
error-position-setting-turn = مع هؤلاء الجنود الموضوعين، ليس الدور لـ{ $side } ليضع.
error-position-malha-access = لم يعد المهاجم قادرًا على بلوغ مربع مجاور للملحة.
error-position-first-turn = علامة الدور الأول خاصة بأول نقلة في الخربقة.
error-position-chain-soldier = جندي الأسر المتتابع في { $square } ليس للجانب الذي عليه الدور.
error-position-chain-no-capture = لم يبق لجندي الأسر المتتابع في { $square } ما يأسره.
error-position-exchange-not-kharbga = المبادلة خاصة بالخربقة.
error-position-exchange-timing = لا مبادلة أثناء وضع الجنود أو أثناء أسر متتابع.
error-position-exchange-turn = المبادلة تنتظر { $side }.
error-position-exchange-soldier = لا جندي للمدافع في { $square } للمبادلة.
error-position-exchange-offers = يجب أن يكون الجنديان المعروضان جنديين مختلفين للمهاجم.
error-position-exchange-too-few = تحتاج المبادلة إلى جنديين للمهاجم.
error-position-would-have-passed = { $side }، وعليه الدور، لا يملك أي نقلة وكان سيمرّر.
error-position-unpromoted = الجندي في { $square } على صفّه الأخير: هناك يكون ملّا (ضع ملّا).
error-position-already-lost = { $side } خسر بالفعل في هذا الوضع. { $reason }
error-position-already-drawn = اللعبة منتهية بالفعل في هذا الوضع. { $reason }
error-rules-unknown-variant = «{ $text }» ليست لعبة يعرفها التطبيق ({ $games }).
error-rules-not-key-value = «{ $text }» ليس خيارًا مكتوبًا على صورة مفتاح=قيمة.
error-rules-twice = الخيار { $key } مذكور مرتين.
error-rules-bad-value = لا يمكن أن تكون قيمة الخيار { $key } «{ $value }».
error-rules-unknown-option = «{ $key }» ليس خيارًا (quiet، chain، blocked).
error-record = السطر { $line }، العمود { $column }: { $message }
error-record-tag-name = تحتاج الوسمة إلى اسم بعد «[».
error-record-tag-value = تحتاج الوسمة { $tag } إلى قيمة بين علامتي تنصيص.
error-record-tag-escape = لا يتبع الشرطة المائلة العكسية إلا علامة تنصيص أو شرطة مائلة عكسية.
error-record-tag-unclosed = قيمة الوسمة { $tag } بلا علامة تنصيص ختامية في سطرها.
error-record-tag-bracket = تحتاج الوسمة { $tag } إلى «]» ختامية.
error-record-tag-twice = الوسمة { $tag } مذكورة مرتين.
error-record-no-variant = يحتاج السجلّ إلى وسمة Variant.
error-record-variant = { $detail }
error-record-option = لا يمكن أن تكون قيمة الوسمة { $tag } «{ $text }».
error-record-position = لا يمكن استعمال وضعية البداية. { $detail }
error-record-comment-unclosed = هذا التعليق بلا «{"}"}» ختامية.
error-record-after-result = لا يأتي شيء بعد النتيجة.
error-record-not-a-ply = «{ $text }» ليست نقلة (مربع مثل c4، أو خطوة مثل d3-d4 أو e7-e6*، أو stop، أو إزالة مثل xc4).
error-record-illegal = { $text } غير مسموحة هنا (الدور لـ{ $side }).
error-record-after-end = { $text } تأتي بعد نهاية اللعبة.
error-record-result-mismatch = تنتهي النقلات بـ{ $text }، لكن وسمة Result تقول { $other }.
error-record-bad-result = «{ $text }» ليست نتيجة (1-0 أو 0-1 أو 1/2-1/2 أو *).
error-record-unknown-reason = «{ $text }» ليست طريقة تنتهي بها لعبة.
error-record-needs-reason = النتيجة { $text } تحتاج إلى سبب لا تبلغه النقلات (استسلام أو تعادل متفق عليه أو نفاد الوقت).
error-record-contradicts = تنهي النقلات اللعبة، لكن ليس بالنتيجة { $text }.
error-link-newer = صُنع بإصدار أحدث من التطبيق (الصيغة { $number }).
error-link-not-a-link = ليس رابط دور.
error-link-field-count = فيه { $number } أجزاء بدل 7.
error-link-text = اسم أو وضعية فيه تالفة.
error-link-rules = تعذّرت قراءة قواعده. { $detail }
error-link-position = لا يمكن استعمال وضعية بدايته. { $detail }
error-link-ply-code = نقلاته تالفة.
error-link-not-a-ply = نقلته رقم { $number } ليست نقلة.
error-link-illegal = نقلته رقم { $number } ({ $ply }) غير مسموحة في موضعها.
error-link-ending = طريقة انتهاء دوره تالفة.
error-saved-unreadable = ليس دورًا محفوظًا
error-saved-fields = بعض حقوله ناقصة أو خاطئة
error-saved-record = سجلّه تالف: { $detail }
error-saved-newer = حفظه إصدار أحدث من التطبيق (الإصدار { $version })

nav-online = العب عبر الإنترنت
online-create = أنشئ الغرفة
online-your-name = اسمك
online-earlier-game = لُعبت هذه المباراة عبر الإنترنت بإصدار سابق من التطبيق: يمكن إعادة عرضها، لا متابعتها عبر الإنترنت.
online-earlier-link = هذه الدعوة من إصدار سابق من التطبيق: اطلب رابطًا جديدًا.
library-online = لُعبت عبر الإنترنت
app-updated = نُصّب إصدار جديد من الخربقة.
app-reload = أعد التحميل لاستعماله

# The tutorial's page (learn.html), linked from every page.
nav-learn = تعلّم
nav-tournaments = البطولات
control-help = ؟
control-help-label = الدرس الخاص بهذه اللحظة من اللعبة
control-rules = القواعد

# The settings screen.
nav-settings = الإعدادات
settings-title = الإعدادات
settings-theme = المظهر
theme-system = مثل النظام
theme-light = فاتح
theme-dark = داكن
settings-board = الرقعة
board-wood = خشب
board-stone = حجر
settings-sound = الصوت

## الخرباقة: نقاط وخطوط، قفزات، قاعدة الأكثر، الملّا
option-quiet-mullah = نقلات الملّا المتتالية بلا أسر قبل التعادل (0 بلا حد)
hud-quiet-mullah = { $count } من { $limit } نقلة ملّا بلا أسر
hud-must-capture = على { $side } أن يأسر { $count ->
        [one] قطعة
       *[other] { $count } قطع، أكثر ما يمكن أسره
    }
hud-leaping = { $side } يأسر: المس نقطة الهبوط التالية بعد { $square }
refusal-must-capture = الأسر إلزامي: المس إحدى القطع المحاطة بحلقة.
refusal-majority = يجب أسر الأكثر: يمكن أسر { $most }، وهذه القطعة لا تأسر إلا { $this }.
refusal-leaping = الأسر مستمر من { $square }: المس نقطة الهبوط التالية، أو نقطة البداية لتبدأ من جديد.
note-promoted = يصير ملّا في { $square }
