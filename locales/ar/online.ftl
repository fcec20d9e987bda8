# The online page (online.html): the room, its invitation, offers and chat.

online-title = مباراة عبر الإنترنت
online-status = { $status ->
        [connecting] جارٍ الاتصال…
        [searching] جارٍ البحث عن خصم…
        [waiting] في انتظار خصمك
        [connected] متصل
        [away] الخصم غائب
        [reconnecting] انقطع الاتصال: جارٍ إعادة الاتصال…
        [unreachable] لا يمكن إنشاء اتصال مباشر
        [lost] انقطع الاتصال بالطرف الآخر: في انتظار عودته…
       *[unavailable] تعذّر تحميل اللعب عبر الإنترنت (لا شبكة؟)
    }
online-watchers = { $count ->
        [zero] لا متفرجين
        [one] متفرج واحد
        [two] متفرجان
        [few] { $count } متفرجين
       *[other] { $count } متفرجًا
    }
online-watching = أنت تشاهد هذه المباراة.
online-host-away = صفحة المضيف ليست في الغرفة: تُعرض المباراة كما يقول المضيف حين تعود صفحته.
online-no-path = { $role ->
        [host] فتح أحدهم دعوتك، لكن تعذّر إنشاء اتصال مباشر بين شبكتيكما. تبقى دعوتك مفتوحة لمحاولة أخرى. ما قد يساعد: خادم ترحيل (TURN) في إعدادات الاتصال، أو شبكة أخرى (الواي فاي بدل بيانات الجوال، أو العكس)، أو اللعب عبر الرابط.
       *[guest] تعذّر إنشاء اتصال مباشر بالمضيف: إحدى شبكتيكما (شبكة مشغّل الجوال مثلًا) لا تسمح بذلك. ما قد يساعد: خادم ترحيل (TURN) في إعدادات الاتصال، أو شبكة أخرى (الواي فاي بدل بيانات الجوال، أو العكس)، أو أن تطلب من المضيف اللعب عبر الرابط.
    }
online-path = { $path ->
        [relay] عبر خادم ترحيل
       *[direct] اتصال مباشر
    }{ $rtt ->
        [none] {""}
       *[other] {" · "}{ $rtt } مللي ثانية
    }
online-relay-stopped = توقفت صفحة { $stopped } عن إرسال المباراة؛ نتابعها من صفحة { $followed }.
online-lied = أرسل { $name } نقلتين مختلفتين للنقلة { $ply }، كلٌّ منهما موقّعة بمفتاحه. تعرض هذه الصفحة المباراة التي يلعبها { $other }؛ والنقلتان الموقّعتان محفوظتان مع سجل المباراة دليلًا.
online-unconfirmed = يقول { $name } إن المباراة انتهت: { $end ->
        [resignation] استسلم { $loser }.
        [agreed-draw] اتُّفق على التعادل.
        [draw-time] انتهى الوقت بالتعادل.
       *[time] انتهى وقت { $loser }.
    } لم تؤكّد صفحة { $other } ذلك، فالمباراة لم تنتهِ هنا.
online-version = الصفحة الأخرى تعمل بإصدار آخر من اللعبة (البروتوكول { $version }): أعد تحميل الصفحتين.
online-unavailable = اللعب عبر الإنترنت يحتاج إلى اتصال بالشبكة. المباريات ضد الحاسوب والمباريات بالرابط تعمل دائمًا.
online-invite = أرسل هذا الرابط إلى خصمك. تبدأ المباراة عندما ينضم.
online-link = رابط الدعوة
online-share = مشاركة…
online-qr = رمز QR لرابط الدعوة
online-accept = قبول
online-decline = رفض
online-offer-waiting = { $offer ->
        [draw] عُرض التعادل:
        [takeback] طُلب الاسترجاع:
       *[rematch] عُرضت مباراة ثأرية:
    } في انتظار الرد.
online-answered = { $accept ->
        [yes] قبل خصمك.
       *[no] رفض خصمك.
    }
online-join-title = دعوة
online-join-text = يدعوك { $host } إلى لعب { $game } بصفتك { $side }.
online-join = انضم إلى المباراة
online-watch = مشاهدة فقط
chat-title = الدردشة
chat-mute = إخفاء الدردشة
chat-input = رسالة إلى خصمك
chat-send = إرسال
online-quick = مباراة سريعة
online-quick-text = جارٍ البحث عن خصم في { $game }… أبقِ هذه الصفحة مفتوحة.
online-cancel = إلغاء
online-bylink-offer = لا اتصال؟ بعض الشبكات لا تستطيع وصل متصفحين مباشرة. يمكنك المتابعة بالروابط بدلًا من ذلك.
online-bylink-start = العب بالروابط
online-bylink-text = بعد نقلتك، أرسل هذا الرابط إلى خصمك بأي تطبيق مراسلة؛ ويعود رده بالطريقة نفسها. كل رابط يحمل المباراة كاملة، وتُتحقق منه عند فتحه.
online-bylink-label = المباراة في رابط
online-link-offer-title = مباراة مرسلة برابط
online-link-offer = أرسل إليك { $name } مباراة { $game } برابط ({ $plies ->
        [0] بلا نقلة بعد
        [one] نقلة واحدة
        [two] نقلتان
        [few] { $plies } نقلات
       *[other] { $plies } نقلة
    }). ستلعب { $side }. هل تحتفظ بها في مكتبتك وتواصل اللعب؟
online-link-offer-keep = احتفظ بها والعب
online-link-offer-leave = ليس الآن
online-warning = أُهملت رسالة: { $kind ->
        [malformed] تعذّرت قراءتها.
        [oversized] كانت طويلة جدًا.
        [field] أحد حقولها غير صالح.
        [flood] رسائل كثيرة دفعة واحدة.
        [not-player] جاءت من شخص لا يلعب.
        [wrong-side] كانت نقلة للجانب الخطأ.
        [bad-index] لم تتبع النقلات الملعوبة.
        [illegal] النقلة غير مسموحة هنا.
        [hash] الرقعتان مختلفتان؛ الصفحتان تقارنان المباراة.
        [bad-secret] ادّعى أحدهم مقعدًا ليس له.
        [diverged] مباراة الصفحة الأخرى تختلف عن هذه؛ احتُفظ بهذه.
        [bad-record] تعذّرت قراءة المباراة المرسلة.
        [seat-taken] كان المقعد محجوزًا: أنت تشاهد.
        [room-full] الغرفة ممتلئة: لا تقبل مزيدًا من الزوار.
        [clock] ادّعت ساعة اللاعب الآخر وقتًا أكثر مما كان لديه؛ تحتفظ هذه الصفحة بحسابها.
        [early-flag] طُلب فوز بالوقت وهذه الساعة ما زالت تعمل.
        [timed] لا تُستكمل مباراة بالساعة عبر رابط.
       *[version] جاءت من إصدار آخر.
    }
online-back-to-tournament = → العودة إلى البطولة
online-tournament-report = { $state ->
        [sending] تُرسَل نتيجة هذه المباراة إلى البطولة…
        [waiting] لدى البطولة نتيجتك: وهي تنتظر تقرير خصمك.
        [settled] لدى البطولة نتيجة هذه الطاولة ({ $score }).
       *[refused] رفضت البطولة هذه النتيجة: { $why ->
            [room] لم تُلعب في غرفة هذه الطاولة.
            [players] ليست بين لاعبَي هذه الطاولة في جهتيهما.
            [record] سجل المباراة لا يُظهر هذه النتيجة.
            [disagrees] للطاولة نتيجة أخرى.
           *[other] ليست طاولتك.
        }
    }

# The online game screen's controls and offers, and the new-game form's
# online options.
online-draw-lots = اقترع على الجانبين
online-offered = خصمك { $offer ->
        [draw] يعرض التعادل.
        [takeback] يطلب استرجاع نقلته الأخيرة.
       *[rematch] يعرض مباراة ثأرية.
    }
online-offer-draw = اعرض التعادل
online-offer-takeback = اطلب الاسترجاع
online-leave = مغادرة
online-quick-button = العب ضد شخص مجهول
online-quick-hint = تُقرن باللاعب التالي الذي يضغط عليه، في هذه اللعبة، بلا ساعة.

# The connection settings (the new-game form's online options).
online-settings = إعدادات الاتصال
online-settings-server = خادم الإشارات (ws:// أو wss://)
online-settings-ice = خوادم STUN و TURN (stun:… turn:…، تفصل بينها مسافات)
online-settings-username = اسم مستخدم TURN
online-settings-credential = كلمة مرور TURN
online-settings-save = حفظ
online-settings-saved = حُفظت: تُستعمل للغرفة التالية.
online-settings-invalid = لم تُحفظ: يجب أن يبدأ الخادم بـ ws:// أو wss://، وكل خادم STUN أو TURN بـ stun: أو stuns: أو turn: أو turns:.
online-settings-reset = استعادة الإعدادات الافتراضية
