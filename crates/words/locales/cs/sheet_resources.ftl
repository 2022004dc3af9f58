# Ovládání třídních zdrojů na webovém deníku (issue 33): co kupují body
# čarodějnictví, Vrozené čarodějnictví a Magická lstivost, a dialog
# krátkého odpočinku s jeho volbami (web/resources.js). `web-cr-*` je karta
# deníku, `web-sr-*` dialog krátkého odpočinku.

## Karta

web-cr-title = Schopnosti povolání
web-cr-font = Pramen magie
web-cr-toPointsLabel = Pozice, která se změní v body
web-cr-toPointsOption = Pozice { $level }. úrovně (zbývá { $left }): +{ $points } b. č.
web-cr-toPointsPact = Paktová pozice { $level }. úrovně (zbývá { $left }): +{ $points } b. č.
web-cr-toPoints = Změnit v body
web-cr-toPointsHint = Bez akce.
web-cr-toSlotLabel = Pozice, která se vytvoří
web-cr-toSlotOption = Pozice { $level }. úrovně za { $points } b. č.
web-cr-toSlot = Vytvořit pozici { $level }. úrovně ({ $points } b. č.)
web-cr-toSlotHint = Bonusová akce; pozice vytvořené z bodů zmizí při dlouhém odpočinku.
web-cr-costs = Cena pozice
web-cr-costLevel = Úroveň pozice
web-cr-costPoints = Body čarodějnictví
web-cr-pointsNow = Body čarodějnictví: { $left } z { $max }
web-cr-toPointsDone = { $name } proměnil(a) pozici { $level }. úrovně v body čarodějnictví (teď { $left }).
web-cr-toSlotDone = { $name } vytvořil(a) z bodů čarodějnictví pozici { $level }. úrovně (zbývá { $left } b. č.).
web-cr-innate = Vrozené čarodějnictví
web-cr-innateUses = Do dlouhého odpočinku zbývá { $left } z { $max } použití.
web-cr-innateActive = Působí: { $left } (+1 k SO záchrany kouzel, výhoda na útoky čarodějových kouzel).
web-cr-innateStart = Probudit Vrozené čarodějnictví (bonusová akce)
web-cr-innateIncarnate = Probudit ho Vtěleným čarodějnictvím (2 body čarodějnictví)
web-cr-innateDone = { $name } probouzí Vrozené čarodějnictví na 1 minutu.
web-cr-cunning = Magická lstivost
web-cr-cunningReady = Připraveno: vrátí až { $n } utracených paktových pozic (obřad na 1 minutu, jednou za dlouhý odpočinek).
web-cr-cunningGo = Vykonat obřad
web-cr-cunningDone = { $name } vykonal(a) obřad: paktové pozice { $left } z { $total }.
web-cr-usedUntilLong = Použito až do dlouhého odpočinku.
web-cr-arcane = Arkánní zotavení
web-cr-natural = Přírodní zotavení
web-cr-restoration = Čarodějné zotavení
web-cr-slotsReady = Připraveno na krátký odpočinek: utracené pozice v součtu až { $n } úrovní, žádná nad 5. úroveň.
web-cr-pointsReady = Připraveno na krátký odpočinek: vrátí až { $n } utracených bodů čarodějnictví.

## Dialog krátkého odpočinku

web-sr-title = Krátký odpočinek: { $name }
web-sr-intro = Vyber, co se vrátí, až odpočinek skončí.
web-sr-dice = Kostky životů k utracení
web-sr-diceSize = k{ $size } (zbývá { $left })
web-sr-slotLevel = { $level }. úroveň (utraceno { $spent })
web-sr-noneSpent = Žádná pozice 1. až 5. úrovně není utracená.
web-sr-chosen = Vybráno: { $n } z { $max } úrovní pozic
web-sr-over = Vybráno: { $n } z { $max } úrovní pozic, to je příliš
web-sr-restoration = Získat zpět až { $n } utracených bodů čarodějnictví
web-sr-memorize = Zapamatování kouzla
web-sr-forget = Připravené kouzlo, které zapomeneš
web-sr-learn = Kouzlo kouzelníka, které připravíš místo něj
web-sr-noSwap = bez výměny
web-sr-go = Dokončit krátký odpočinek
web-sr-done = { $name } si krátce odpočinul(a).
web-sr-healed = { $name } si krátce odpočinul(a) a získal(a) zpět { $n } životů.
