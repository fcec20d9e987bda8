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
