"""Captions of the rules pictures (``ui/help/situations.py``): one per situation."""

from __future__ import annotations

EN: dict[str, str] = {
    "situation.caravan-answer": (
        "Player 1 opened the season with a Moons run 3–4; Player 2 answered with a run of "
        "the same length and a higher top rank, the Moons run 5–6. Player 1 must now beat it "
        "(a two-card run topped by a 7 or more, or a bandit) or pass — and then Player 2 "
        "collects the four cards."
    ),
    "situation.caravan-bandit": (
        "Player 1 answered with a bandit, the Ace of Moons alone. Now only a stronger bandit "
        "may follow. If Player 2 passes, the last play is a bandit, so Player 2 — not the "
        "bandit's player — collects the season's cards."
    ),
    "situation.camping-auto-fence": (
        "Player 2 moved a caravan from e5 to e4, next to Player 1's caravan on d4: a fence "
        "went up between them by itself (shown in orange). Player 2 must now put up a free "
        "fence."
    ),
    "situation.camping-region": (
        "Four fences (b1|c1, b2|c2, a2|a3, b2|b3) close the corner around Player 1's "
        "bungalow. Every camper in it is Player 1's, so the region is theirs: 4 squares, "
        "doubled by the pool, 8 points."
    ),
    "situation.feurio-zone": (
        "Player 2's purple firemen hold the 6 and the 2 beside it: one zone of 8 heat. Its "
        "only tile with a free edge is the 2, so it scores 8 ÷ 2 = 4. The 6 has no free edge "
        "left: it is enclosed, nobody can join it."
    ),
    "situation.feurio-hottest": (
        "The same forest, for Player 1, who drew a 3: three empty cells tie as the hottest "
        "(their neighbouring tiles add up to 8), so Player 1 chooses which one to lay it on."
    ),
    "situation.pueblo-side": (
        "Player 1's first stone stands on b6, b7 and c7, two levels high at b6. Moved two "
        "squares, the chief looks south along column b: a red face on the ground floor "
        "(1 point) and one on the first floor (2 points) — Player 1 pays 3."
    ),
    "situation.pueblo-corner": (
        "From the north-east corner the chief looks down on that quarter of the site: the "
        "top cube of every column costs its owner 1 point, whatever its height. Three blue "
        "tops cost Player 2 three points; the neutral stone's tops cost nothing."
    ),
    "situation.offseason-auction": (
        "The sealed bids are revealed together: 3, 3 and 1. The two 3s cancel out, so the "
        "highest bid nobody else made, the 1, wins: Player 3 pays 1 coin and chooses a "
        "market first."
    ),
    "situation.offseason-sale": (
        "Player 1's camel 3 carries fruit 2, 1 and 1, with a +1 token (it may carry four "
        "cards). Only the lowest fruit may be sold: both 1s for 2 coins, or one for 1 coin; "
        "the 2 has to wait."
    ),
}

FR: dict[str, str] = {
    "situation.caravan-answer": (
        "Joueur 1 a ouvert la saison avec une suite de Lunes 3–4 ; Joueur 2 a répondu par "
        "une suite de même longueur au rang le plus haut supérieur, la suite de Lunes 5–6. "
        "Joueur 1 doit maintenant la battre (une suite de deux cartes qui monte à 7 ou plus, "
        "ou un bandit) ou passer — et Joueur 2 remporte alors les quatre cartes."
    ),
    "situation.caravan-bandit": (
        "Joueur 1 a répondu par un bandit, l’As de Lunes seul. Seul un bandit plus fort peut "
        "maintenant suivre. Si Joueur 2 passe, la dernière combinaison est un bandit : c’est "
        "donc Joueur 2, et non le joueur du bandit, qui remporte les cartes de la saison."
    ),
    "situation.camping-auto-fence": (
        "Joueur 2 a avancé une caravane de e5 à e4, à côté de la caravane de Joueur 1 en d4 : "
        "une barrière s’est dressée toute seule entre elles (en orange). Joueur 2 doit "
        "maintenant poser sa barrière libre."
    ),
    "situation.camping-region": (
        "Quatre barrières (b1|c1, b2|c2, a2|a3, b2|b3) ferment le coin autour du bungalow de "
        "Joueur 1. Tous les campeurs qui s’y trouvent sont à Joueur 1 : la région est à lui. "
        "4 cases, doublées par la piscine : 8 points."
    ),
    "situation.feurio-zone": (
        "Les pompiers violets de Joueur 2 tiennent le 6 et le 2 voisin : une zone de 8 de "
        "chaleur. Sa seule tuile avec un bord libre est le 2 : elle vaut 8 ÷ 2 = 4. Le 6 n’a "
        "plus de bord libre : il est encerclé, plus personne ne peut y aller."
    ),
    "situation.feurio-hottest": (
        "La même forêt, pour Joueur 1, qui a tiré un 3 : trois cases vides sont à égalité "
        "les plus chaudes (leurs tuiles voisines font 8), Joueur 1 choisit donc où la poser."
    ),
    "situation.pueblo-side": (
        "La première pierre de Joueur 1 occupe b6, b7 et c7, sur deux niveaux en b6. Avancé "
        "de deux cases, le chef regarde vers le sud le long de la colonne b : une face rouge "
        "au rez-de-chaussée (1 point) et une au premier étage (2 points) — Joueur 1 paie 3."
    ),
    "situation.pueblo-corner": (
        "Depuis le coin nord-est, le chef regarde d’en haut ce quart du chantier : le cube "
        "du dessus de chaque colonne coûte 1 point à son propriétaire, quelle que soit sa "
        "hauteur. Trois dessus bleus coûtent trois points à Joueur 2 ; ceux de la pierre "
        "neutre ne coûtent rien."
    ),
    "situation.offseason-auction": (
        "Les offres secrètes sont révélées ensemble : 3, 3 et 1. Les deux 3 s’annulent : la "
        "plus haute offre que personne d’autre n’a faite, le 1, l’emporte. Joueur 3 paie "
        "1 pièce et choisit un marché en premier."
    ),
    "situation.offseason-sale": (
        "Le chameau 3 de Joueur 1 porte des fruits 2, 1 et 1, avec un jeton +1 (il peut "
        "porter quatre cartes). Seuls les fruits les plus bas se vendent : les deux 1 pour "
        "2 pièces, ou un seul pour 1 pièce ; le 2 doit attendre."
    ),
}
