app-title = Kharbga
app-tagline = Le jeu des soldats d'Afrique du Nord. Posez vos soldats deux par deux, puis avancez, prenez en tenaille et capturez.
board-caption = Phase de pose : le plateau est vide au départ
board-label = Plateau de Kharbga
language-switcher = Langue
legend-attacker = Soldat de l'Attaquant
legend-defender = Soldat du Défenseur
legend-malha = La Malha, la case centrale, reste vide pendant la pose des soldats
square-label = { $square }{ $malha ->
        [yes] , la Malha
       *[no] {""}
    }, { $piece ->
        [attacker] soldat de l'Attaquant
        [defender] soldat du Défenseur
       *[empty] vide
    }
