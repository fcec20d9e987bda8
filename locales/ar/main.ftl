app-title = الخربقة
app-tagline = لعبة الجنود من شمال إفريقيا. ضع جنودك اثنين اثنين، ثم حرّكها وحاصر جنود خصمك بين جنديين لتأسرهم.
language-switcher = اللغة
board-label = رقعة الخربقة
square-label = { $square }{ $malha ->
        [yes] ، الملحة
       *[no] {""}
    }، { $piece ->
        [attacker] جندي المهاجم
        [defender] جندي المدافع
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
       *[seega9] السيجة 9×9
    }
mode-name = { $mode ->
        [hotseat] لاعبان على هذا الجهاز
        [computer] ضد الحاسوب
       *[online] عبر الإنترنت برابط مشترك (قريبًا)
    }
newgame-title = لعبة جديدة
newgame-game = اللعبة
newgame-mode = طريقة اللعب
newgame-players = اللاعبون
newgame-player = { $side ->
        [attacker] المهاجم (يضع ويحرّك أولًا)
        [defender] المدافع
        [first] اللاعب الأول (يضع أولًا)
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
        [first-move-block] لم يستطع المدافع الحركة بعد الدور الأول للمهاجم.
        [quiet-limit] نقلات كثيرة بلا أسر: يفوز صاحب العدد الأكبر من الجنود.
        [repetition] تكرر الوضع نفسه ثلاث مرات: يفوز صاحب العدد الأكبر من الجنود.
        [resignation] استسلم اللاعب الآخر.
       *[agreed-draw] اتفق اللاعبان على التعادل.
    }
result-rematch = مباراة ثأرية مع تبادل الأدوار
result-close = انظر إلى الرقعة
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
hint-win = يفوز خلال { $n } نقلات
hint-loss = يخسر خلال { $n } نقلات
hint-score = { $value } جندي لصالح من عليه الدور

## الأدوار المحفوظة (المكتبة، الإعادة، الروابط)
nav-library = المكتبة
notice-dismiss = إغلاق
save-set-aside = تعذّرت قراءة دور محفوظ ({ $id }): وُضع جانبًا، وأدوارك الأخرى سليمة.
save-newer = دور محفوظ ({ $id }) صنعه إصدار أحدث من التطبيق: يُحتفظ به ولا يُعرض.
save-full = مساحة التخزين ممتلئة: هذا الدور لا يُحفظ، لكنه يبقى هنا ما دامت الصفحة مفتوحة. احذف بعض الأدوار من المكتبة لإفساح المجال.
save-unavailable = هذا المتصفح لا يسمح للتطبيق بالحفظ (التصفح الخاص؟): تدوم الأدوار ما دامت الصفحة مفتوحة فقط.
link-newer = صُنع هذا الرابط بإصدار أحدث من التطبيق (الصيغة { $version }). أعد تحميل الصفحة للحصول على أحدث إصدار.
link-bad = تعذّرت قراءة رابط الدور هذا: { $error }
newgame-position = البدء من وضعية (اختياري: نص وضعية)
newgame-position-error = لا يمكن استعمال هذه الوضعية: { $error }
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
library-import-file = أو اختر ملفًّا
library-import-button = استيراد
library-import-error = السطر { $line }، العمود { $column }: { $error }
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
