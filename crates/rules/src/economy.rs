//! The action economy of one turn (R9, R10).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which part of a turn's economy a casting uses (R9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// The Magic action.
    Action,
    /// The Bonus Action.
    BonusAction,
    /// The Reaction.
    Reaction,
}

impl ActionKind {
    /// English name.
    pub fn name_en(self) -> &'static str {
        match self {
            ActionKind::Action => "Magic action",
            ActionKind::BonusAction => "Bonus Action",
            ActionKind::Reaction => "Reaction",
        }
    }
}

impl fmt::Display for ActionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name_en())
    }
}

/// What the caster has used in the current turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct TurnEconomy {
    /// The action has been taken.
    pub action_used: bool,
    /// The Bonus Action has been taken.
    pub bonus_action_used: bool,
    /// The Reaction has been taken (it returns at the start of the caster's turn).
    pub reaction_used: bool,
    /// A spell slot has been expended this turn (R10).
    pub slot_spent: bool,
    /// Weapon attacks made in this turn's Attack action (Extra Attack
    /// makes it more than one).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub attacks_made: u8,
    /// The last weapon attack of this turn, when it hit: what the spells
    /// cast "immediately after hitting" answer (Divine Smite, R11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_hit: Option<WeaponHit>,
    /// Eldritch Smite was used this turn (once a turn).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub eldritch_smite: bool,
    /// A level 1+ spell has been cast this turn: Quickened Spell may no
    /// longer be used (2024 Metamagic).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub leveled_spell: bool,
    /// A Quickened spell has been cast this turn: no level 1+ spell may
    /// follow it (2024 Metamagic).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub quickened: bool,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A weapon attack that hit, kept for the rest of the turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WeaponHit {
    /// The target hit, as the attack named it.
    pub target: String,
    /// Whether it was a critical hit: a spell it triggers doubles its
    /// damage dice too.
    pub critical: bool,
    /// Whether the weapon was a melee one.
    pub melee: bool,
}

impl TurnEconomy {
    /// Whether `kind` is still free this turn.
    pub fn available(&self, kind: ActionKind) -> bool {
        match kind {
            ActionKind::Action => !self.action_used,
            ActionKind::BonusAction => !self.bonus_action_used,
            ActionKind::Reaction => !self.reaction_used,
        }
    }

    pub(crate) fn spend(&mut self, kind: ActionKind) {
        match kind {
            ActionKind::Action => self.action_used = true,
            ActionKind::BonusAction => self.bonus_action_used = true,
            ActionKind::Reaction => self.reaction_used = true,
        }
    }
}
