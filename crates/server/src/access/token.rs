//! API tokens: random, shown once, stored as SHA-256.

use sha2::{Digest, Sha256};

use crate::error::ServerError;

/// Every token starts with this, so a leaked one is easy to recognise.
const PREFIX: &str = "gmr_";

/// A fresh token: the prefix and 32 random bytes in hex.
pub fn new_token() -> Result<String, ServerError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| ServerError::Internal(format!("no randomness for a token: {e}")))?;
    Ok(format!("{PREFIX}{}", hex(&bytes)))
}

/// The SHA-256 of a token in hex: what the store keeps.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// The public id of a stored token hash: 16 hex digits of a hash of it,
/// so listing tokens reveals neither the token nor what the store keys it by.
pub fn public_id(stored_hash: &str) -> String {
    let mut id = hex(&Sha256::digest(format!("id:{stored_hash}").as_bytes()));
    id.truncate(16);
    id
}

/// Lower-case hex, two digits a byte (every request hashes its token,
/// so this is a table look-up, not a `write!` per byte).
pub(super) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    bytes
        .iter()
        .flat_map(|b| [DIGITS[usize::from(b >> 4)], DIGITS[usize::from(b & 0xf)]])
        .map(char::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_hashes_stable() {
        let a = new_token().unwrap();
        assert!(a.starts_with(PREFIX) && a.len() == PREFIX.len() + 64);
        assert_ne!(a, new_token().unwrap());
        assert_eq!(
            hash_token("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
