app-title = الخربقة
app-tagline = لعبة الجنود من شمال إفريقيا. ضع جنودك اثنين اثنين، ثم حرّكها وحاصر جنود خصمك بين جنديين لتأسرهم.
board-caption = مرحلة الوضع: تبدأ الرقعة فارغة
board-label = رقعة الخربقة
language-switcher = اللغة
legend-attacker = جندي المهاجم
legend-defender = جندي المدافع
legend-malha = الملحة، المربع الأوسط، تبقى فارغة أثناء وضع الجنود
square-label = { $square }{ $malha ->
        [yes] ، الملحة
       *[no] {""}
    }، { $piece ->
        [attacker] جندي المهاجم
        [defender] جندي المدافع
       *[empty] فارغ
    }
