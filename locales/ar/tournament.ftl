# صفحة البطولات (tournament.html): بطولات على جهاز واحد.

tournament-title = البطولات
tournament-none = لا بطولة بعد.
tournament-state = { $state ->
        [over] انتهت
       *[running] جارية
    }
tournament-new = بطولة جديدة
tournament-default-name = بطولة النادي
tournament-name = الاسم
tournament-format = النظام
tournament-format-name = { $format ->
        [round-robin] دوري (يلتقي الجميع بالجميع)
        [double] دوري من دورين (مرتين مع تبادل الجانبين)
       *[swiss] النظام السويسري (جولات تُقرن بالنقاط)
    }
tournament-rounds = الجولات
tournament-players = اللاعبون (من 3 إلى 32)
tournament-player-n = اللاعب { $n }
tournament-person = شخص على هذا الجهاز
tournament-kind = من يلعب مكان اللاعب { $n }
tournament-remove = إزالة اللاعب { $n }
tournament-add = إضافة لاعب
tournament-error = لا يمكن بدء البطولة: { $error ->
        [players] تحتاج من 3 إلى 32 لاعبًا.
        [same-name] للاعبَين الاسم نفسه.
       *[rounds] للنظام السويسري من جولة واحدة إلى نصف عدد اللاعبين من الجولات.
    }
tournament-start = ابدأ البطولة
tournament-all = كل البطولات
tournament-round = الجولة { $round } من { $rounds }
tournament-over = انتهت البطولة.
tournament-bye = راحة
tournament-play = العب
tournament-watch = شاهد
tournament-standings = الترتيب
tournament-crosstable = الجدول
tournament-col-player = اللاعب
tournament-col-points = النقاط
tournament-col-sb = زونبورن-برغر
tournament-col-bh-cut = بوخهولتس دون الأدنى
tournament-col-bh = بوخهولتس
tournament-col-bh-both = بوخهولتس دون الأدنى / بوخهولتس
tournament-export-standings = الترتيب نصًا
tournament-export-games = كل المباريات (ملف واحد)
tournament-board = الجولة { $round }، الطاولة { $board }
tournament-back = العودة إلى البطولة
tournament-result = إدخال النتيجة
tournament-won = فاز { $name }
tournament-draw = تعادل
tournament-withdraw = سحب
tournament-withdraw-confirm = سحب { $name } (تُخسر المباريات المتبقية بالانسحاب)
tournament-withdrawn = منسحب

# البطولات عبر الإنترنت، من رابط واحد.
tournament-place = المكان
tournament-place-name = { $place ->
        [online] عبر الإنترنت: ينضم اللاعبون من رابط
       *[here] على هذا الجهاز
    }
tournament-online-hosted = عبر الإنترنت، تُنظَّم من هنا
tournament-online-missing = هذه البطولة ليست على هذا الجهاز.
tournament-online-bad-link = هذا الرابط لا يشير إلى أي بطولة.
tournament-online-organizer = أنت منظّم هذه البطولة: أرسل الرابط إلى اللاعبين، وابدأ عندما ينضم الجميع.
tournament-online-link = رابط البطولة
tournament-online-unavailable = تعذّر الوصول إلى الشبكة: تواصل هذه الصفحة المحاولة.
tournament-online-pages = { $n ->
        [zero] لا صفحة متصلة
        [one] صفحة واحدة متصلة
        [two] صفحتان متصلتان
        [few] { $n } صفحات متصلة
       *[other] { $n } صفحة متصلة
    }
tournament-online-entrants = اللاعبون المنضمّون ({ $n })
tournament-online-disputed = اللاعبان مختلفان على النتيجة
tournament-online-left = لقد غادرت البطولة.
tournament-online-joined = انضممت باسم { $name }. يبدأ المنظّم البطولة.
tournament-online-your-board = الجولة { $round }، الطاولة { $board }: تلعب ضد { $name }، { $side ->
        [first] بالطرف الأول
       *[second] بالطرف الثاني
    }.
tournament-online-bye = لديك راحة في هذه الجولة.
tournament-online-join-name = اسمك
tournament-online-join = انضم إلى البطولة
tournament-online-watching = أنت تشاهد هذه البطولة.
tournament-online-refused = { $why ->
        [started] بدأت البطولة: لا مزيد من اللاعبين.
        [full] البطولة مكتملة.
        [name] هذا الاسم فارغ أو لاعب آخر يحمله.
        [not-yours] هذه ليست طاولتك.
        [record] سجل المباراة لا يُظهر هذه النتيجة.
        [room] لم تُلعب هذه المباراة في غرفة هذه الطاولة.
        [players] هذه المباراة ليست بين لاعبَي هذه الطاولة في جهتيهما.
       *[disagrees] لهذه الطاولة نتيجة أخرى.
    }
tournament-online-leave = مغادرة البطولة
tournament-online-leave-confirm = المغادرة نهائيًا (تُخسر مبارياتك المتبقية بالانسحاب)
tournament-online-connected = متصل
tournament-online-waiting = في انتظار صفحة المنظّم…
tournament-online-play = العب مباراتك
tournament-online-followed = عبر الإنترنت
tournament-online-board-done = لمباراتك نتيجتها: تُقرَّر مواجهات الجولة التالية عندما تكون لكل الطاولات نتائجها.
tournament-online-reported = أبلغتَ عن نتيجة مباراتك ({ $score }): تنتظر البطولة تقرير { $name }.
tournament-online-report-waiting = أبلغ { $name } عن { $score }؛ في انتظار { $other }.
tournament-online-your-dispute = أبلغتَ أنت و{ $name } عن نتيجتين مختلفتين: يقرّر المنظّم.
tournament-online-remove = حذف { $name } من القائمة
