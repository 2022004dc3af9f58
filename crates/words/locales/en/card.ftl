# A spell card's lines (the server's cards and the web): casting time,
# range, area, duration and components. Spans count with plural forms.

card-span-round = { $n } { $n ->
        [one] round
       *[other] rounds
    }
card-span-minute = { $n } { $n ->
        [one] minute
       *[other] minutes
    }
card-span-hour = { $n } { $n ->
        [one] hour
       *[other] hours
    }
card-span-day = { $n } { $n ->
        [one] day
       *[other] days
    }

card-casting-action = { action-action }
card-casting-bonus = { action-bonus_action }
card-casting-bonus-trigger = { action-bonus_action }, { $trigger }
card-casting-reaction = { action-reaction }, { $trigger }

card-range-self = Self
card-range-touch = Touch
card-range-feet = { $n } feet
card-range-miles = { $n } miles
card-range-sight = Sight
card-range-unlimited = Unlimited
card-range-special = Special

card-area = { $shape } { $size } ft
card-area-two = { $shape } { $size } ft × { $second } ft

card-duration-instantaneous = Instantaneous
card-duration-concentration = Concentration, up to { $span }
card-duration-until_next_turn = 1 round (until the start of your next turn)
card-duration-until_dispelled = Until dispelled
card-duration-special = Special

# Components keep their letters (V, S, M); a material names its cost and
# whether the spell consumes it.
card-material = M ({ $text })
card-material-more = M ({ $text }; { $more })
card-material-cost = { $gp } gp
card-material-consumed = consumed

# What a damage chart assumes, by how the spell reaches its target.
card-assumes-automatic = every dart or ray on one target
card-assumes-attack = every attack hits one target (no critical hits)
card-assumes-save = the target fails its saving throw
