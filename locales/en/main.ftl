app-title = Kharbga
app-tagline = The soldiers' game of North Africa. Set your soldiers two at a time, then step, sandwich and capture.
board-caption = Setting phase: the board starts empty
board-label = Kharbga board
language-switcher = Language
legend-attacker = Attacker soldier
legend-defender = Defender soldier
legend-malha = The Malha, the centre square, stays empty while soldiers are set
# A square as a screen reader announces it: "d4, the Malha, empty".
square-label = { $square }{ $malha ->
        [yes] , the Malha
       *[no] {""}
    }, { $piece ->
        [attacker] Attacker soldier
        [defender] Defender soldier
       *[empty] empty
    }
