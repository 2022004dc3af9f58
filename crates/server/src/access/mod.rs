//! Accounts, API tokens, campaigns and roles: who may do what.
//!
//! Everything is kept as ordinary store entities (kinds `account`, `token`,
//! `campaign`), so it lives in the same database, migrates with it and works
//! on both backends. A token is 32 random bytes shown once; the store keeps
//! only its SHA-256, used as the `token` entity's name, so a token is found
//! by hashing it and a leaked database leaks no usable token.

mod token;

use grimoire_app::NameKind;
use grimoire_store::{Change, Store, StoreError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ServerError;

pub use token::{hash_token, new_token};

/// An account (a person at the table).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Account {
    /// The account name, unique without regard to case.
    pub name: String,
}

/// What the store keeps under a token's hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct TokenRecord {
    account: String,
}

/// A campaign: one table's shared state, run by a GM.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Campaign {
    /// The id used in URLs (`lost-mine`): lower-case letters, digits, `-`.
    pub id: String,
    /// A title for people.
    pub title: String,
    /// The game master's account.
    pub gm: String,
    /// The players' accounts.
    pub players: Vec<String>,
    /// Whether the campaign's characters and encounters are the CLI's own
    /// (the database's unscoped entities), so `grimoire` on the same file
    /// and the server share one table. Characters the CLI made have no
    /// owner: only the GM acts for them.
    #[serde(default)]
    pub cli: bool,
}

/// A caller's role in a campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Runs the campaign: acts for every character.
    Gm,
    /// Acts only for their own characters.
    Player,
}

impl Campaign {
    /// The role of `account`, if it belongs to the campaign.
    pub fn role_of(&self, account: &str) -> Option<Role> {
        let key = grimoire_store::name_key(account);
        if grimoire_store::name_key(&self.gm) == key {
            Some(Role::Gm)
        } else if self
            .players
            .iter()
            .any(|p| grimoire_store::name_key(p) == key)
        {
            Some(Role::Player)
        } else {
            None
        }
    }
}

/// Who is calling, once their token checked out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    /// The account name as stored.
    pub account: String,
}

/// A caller's standing in one campaign.
#[derive(Debug, Clone)]
pub struct Member {
    /// The caller.
    pub account: String,
    /// Their role.
    pub role: Role,
    /// The campaign.
    pub campaign: Campaign,
}

impl Member {
    /// Refuses unless the caller is the GM.
    pub fn require_gm(&self, action: &str) -> Result<(), ServerError> {
        match self.role {
            Role::Gm => Ok(()),
            Role::Player => Err(ServerError::Forbidden(format!(
                "only the GM of \"{}\" may {action}",
                self.campaign.id
            ))),
        }
    }

    /// Refuses unless the caller is the GM or owns the character.
    pub fn require_owner(&self, character: &str, owner: &str) -> Result<(), ServerError> {
        if self.role == Role::Gm
            || grimoire_store::name_key(owner) == grimoire_store::name_key(&self.account)
        {
            Ok(())
        } else {
            Err(ServerError::Forbidden(format!(
                "\"{character}\" belongs to another player; only its owner or the GM may act for it"
            )))
        }
    }
}

/// Checks a name typed by a person with the one name policy of the app
/// ([`grimoire_app::check_name`]): trimmed, 1-64 characters, no control or
/// format characters, no `/` or `\\`, letters of one script (Czech letters
/// are welcome, a Cyrillic `Е` inside a Latin name is not). Refused as 400
/// `invalid_name`.
pub fn check_name(kind: NameKind, name: &str) -> Result<String, ServerError> {
    Ok(grimoire_app::check_name(kind, name)?)
}

/// Checks a campaign id: 1–40 of `a-z`, `0-9` and `-`.
pub fn check_campaign_id(id: &str) -> Result<(), ServerError> {
    let ok = !id.is_empty()
        && id.len() <= 40
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if ok {
        Ok(())
    } else {
        Err(ServerError::invalid(
            "invalid_campaign_id",
            format!("campaign id \"{id}\" must be 1-40 characters of a-z, 0-9 and -"),
        ))
    }
}

/// Creates an account and its first token; returns the token (shown once).
pub fn register(store: &mut Store, name: &str) -> Result<(Account, String), ServerError> {
    let name = check_name(NameKind::Account, name)?;
    let token = new_token()?;
    let account = Account { name: name.clone() };
    store.commit(
        &Change::new(format!("account new {name}"))
            .create("account", &name, &account)?
            .create(
                "token",
                &hash_token(&token),
                &TokenRecord {
                    account: name.clone(),
                },
            )?,
    )?;
    Ok((account, token))
}

/// Issues another token for an existing account.
pub fn issue_token(store: &mut Store, caller: &Caller) -> Result<String, ServerError> {
    let token = new_token()?;
    store.commit(
        &Change::new(format!("token new {}", caller.account)).create(
            "token",
            &hash_token(&token),
            &TokenRecord {
                account: caller.account.clone(),
            },
        )?,
    )?;
    Ok(token)
}

/// The account a token belongs to, or `unauthorized`.
pub fn authenticate(store: &Store, token: &str) -> Result<Caller, ServerError> {
    let record = store
        .find::<TokenRecord>("token", &hash_token(token))?
        .ok_or(ServerError::Unauthorized("unknown or revoked API token"))?;
    Ok(Caller {
        account: record.state.account,
    })
}

/// Creates a campaign run by the caller.
pub fn create_campaign(
    store: &mut Store,
    caller: &Caller,
    id: &str,
    title: &str,
    cli: bool,
) -> Result<Campaign, ServerError> {
    check_campaign_id(id)?;
    let title = check_name(NameKind::Campaign, title)?;
    let campaign = Campaign {
        id: id.to_owned(),
        title,
        gm: caller.account.clone(),
        players: Vec::new(),
        cli,
    };
    store.commit(&Change::new(format!("campaign new {id}")).create("campaign", id, &campaign)?)?;
    Ok(campaign)
}

/// The caller's membership of a campaign: `not_found` for no such
/// campaign, `forbidden` when the caller is not at that table.
pub fn member(store: &Store, caller: &Caller, id: &str) -> Result<Member, ServerError> {
    check_campaign_id(id)?;
    let campaign = store.get::<Campaign>("campaign", id)?.state;
    let role = campaign.role_of(&caller.account).ok_or_else(|| {
        ServerError::Forbidden(format!("you are not a member of campaign \"{id}\""))
    })?;
    Ok(Member {
        account: caller.account.clone(),
        role,
        campaign,
    })
}

/// Every campaign the caller belongs to.
pub fn campaigns_of(store: &Store, caller: &Caller) -> Result<Vec<Campaign>, ServerError> {
    Ok(store
        .list::<Campaign>("campaign")?
        .into_iter()
        .map(|e| e.state)
        .filter(|c| c.role_of(&caller.account).is_some())
        .collect())
}

/// Adds a player to the campaign (GM only); adding one twice changes nothing.
pub fn add_player(
    store: &mut Store,
    caller: &Caller,
    id: &str,
    account: &str,
) -> Result<Campaign, ServerError> {
    let me = member(store, caller, id)?;
    me.require_gm("add players")?;
    let player = store
        .get::<Account>("account", account)
        .map_err(|e| match e {
            StoreError::NotFound { .. } => {
                ServerError::invalid("unknown_account", format!("no account named \"{account}\""))
            }
            other => other.into(),
        })?
        .state;
    let current = store.get::<Campaign>("campaign", id)?;
    let mut campaign = current.state;
    if campaign.role_of(&player.name).is_none() {
        campaign.players.push(player.name.clone());
        store.commit(
            &Change::new(format!("campaign {id} add {}", player.name)).update(
                "campaign",
                id,
                current.version,
                &campaign,
            )?,
        )?;
    }
    Ok(campaign)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_stored_hashed_and_authenticate() {
        let mut store = Store::open_in_memory().unwrap();
        let (account, token) = register(&mut store, "Jana").unwrap();
        assert_eq!(account.name, "Jana");
        assert!(
            store
                .find::<serde_json::Value>("token", &token)
                .unwrap()
                .is_none()
        );
        assert_eq!(authenticate(&store, &token).unwrap().account, "Jana");
        assert_eq!(
            authenticate(&store, "gmr_nope").unwrap_err().code(),
            "unauthorized"
        );
        assert_eq!(
            register(&mut store, "JANA").unwrap_err().code(),
            "already_exists"
        );
    }

    #[test]
    fn roles_follow_membership() {
        let mut store = Store::open_in_memory().unwrap();
        register(&mut store, "Gm").unwrap();
        register(&mut store, "Petr").unwrap();
        register(&mut store, "Eve").unwrap();
        let gm = Caller {
            account: "Gm".into(),
        };
        let petr = Caller {
            account: "Petr".into(),
        };
        let eve = Caller {
            account: "Eve".into(),
        };
        create_campaign(&mut store, &gm, "cave", "The Cave", false).unwrap();
        assert_eq!(
            add_player(&mut store, &petr, "cave", "Eve")
                .unwrap_err()
                .code(),
            "forbidden"
        );
        add_player(&mut store, &gm, "cave", "petr").unwrap();
        let m = member(&store, &petr, "cave").unwrap();
        assert_eq!(m.role, Role::Player);
        assert!(m.require_owner("Elmira", "PETR").is_ok());
        assert!(m.require_owner("Brom", "Gm").is_err());
        assert_eq!(
            member(&store, &eve, "cave").unwrap_err().code(),
            "forbidden"
        );
        assert_eq!(
            member(&store, &eve, "nope").unwrap_err().code(),
            "not_found"
        );
        assert_eq!(
            member(&store, &eve, "Bad Id").unwrap_err().code(),
            "invalid_campaign_id"
        );
    }

    #[test]
    fn names_are_checked() {
        let x = NameKind::Character;
        assert_eq!(check_name(x, "  Čaroděj ").unwrap(), "Čaroděj");
        for bad in [
            "",
            "   ",
            "a\u{0}b",
            "a/b",
            &"x".repeat(65),
            "\u{415}lmira",
            "g\u{43c}",
        ] {
            let err = check_name(x, bad).unwrap_err();
            assert_eq!(err.code(), "invalid_name");
            assert_eq!(err.status(), axum::http::StatusCode::BAD_REQUEST);
        }
    }
}
