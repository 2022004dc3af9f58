# Řádky karty kouzla: vyvolávací čas, dosah, oblast, trvání a složky.

card-span-round = { $n } { $n ->
        [one] kolo
        [few] kola
       *[other] kol
    }
card-span-minute = { $n } { $n ->
        [one] minuta
        [few] minuty
       *[other] minut
    }
card-span-hour = { $n } { $n ->
        [one] hodina
        [few] hodiny
       *[other] hodin
    }
card-span-day = { $n } { $n ->
        [one] den
        [few] dny
       *[other] dní
    }

card-casting-action = { action-action }
card-casting-bonus = { action-bonus_action }
card-casting-bonus-trigger = { action-bonus_action }, { $trigger }
card-casting-reaction = { action-reaction }, { $trigger }

card-range-self = sám
card-range-touch = dotek
card-range-feet = { $n } stop
card-range-miles = { $n } mil
card-range-sight = dohled
card-range-unlimited = neomezený
card-range-special = zvláštní

card-area = { $shape } { $size } stop
card-area-two = { $shape } { $size } stop × { $second } stop

card-duration-instantaneous = okamžité
card-duration-concentration = Soustředění, až { $span }
card-duration-until_next_turn = 1 kolo (do začátku tvého příštího tahu)
card-duration-until_dispelled = dokud není rozptýleno
card-duration-special = zvláštní

# Složky: písmena V, S, M (Verbální, Somatická, Materiální).
card-material = M ({ $text })
card-material-more = M ({ $text }; { $more })
card-material-cost = { $gp } zl
card-material-consumed = spotřebuje se

card-assumes-automatic = všechny střely či paprsky na jeden cíl
card-assumes-attack = každý útok zasáhne jeden cíl (bez kritických zásahů)
card-assumes-save = cíl neuspěje v záchranném hodu
