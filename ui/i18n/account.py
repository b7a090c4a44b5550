"""Strings of accounts and sign-in."""

from __future__ import annotations

EN: dict[str, str] = {
    "nav.signin": "Sign in",
    "account.title": "Your account",
    "account.signin": "Sign in",
    "account.signup": "Create an account",
    "account.signup_keeps": "Your games as a guest on this browser become your account's.",
    "account.username": "Username",
    "account.password": "Password",
    "account.new_password": "New password",
    "account.current": "Current password",
    "account.confirm": "The same password again",
    "account.username_rule": "3 to 24 letters, digits, _ . or -.",
    "account.password_rule": "At least {n} characters.",
    "account.with": "Sign in with {name}",
    "account.no_account": "No account yet?",
    "account.have_account": "Already have an account?",
    "account.already": "You are signed in as {name}.",
    "account.guest": "You are playing as a guest. Sign in or create an account to keep your games.",
    "account.signed_in_as": "Signed in as {name}",
    "account.profile": "Your public profile",
    "account.linked": "You can also sign in with: {names}",
    "account.link": "Also sign in with {name}",
    "account.signout": "Sign out",
    "account.change_password": "Change the password",
    "account.delete": "Delete the account",
    "account.delete_explain": (
        "Your name, password and sign-in links are deleted. The games you played stay for the "
        "other players, under the name “Deleted player”."
    ),
    "account.delete_confirm": "Type your username to confirm",
    "account.done.password": "Your password was changed.",
    "account.error.x": "That did not work. Please try again.",
    "account.error.csrf": "The form had expired. Please try again.",
    "account.error.bad_username": "A username has 3 to 24 letters, digits, _ . or -.",
    "account.error.bad_password": "A password has at least {n} characters.",
    "account.error.password_mismatch": "The two passwords differ.",
    "account.error.username_taken": "This username is taken.",
    "account.error.signed_in": "You already have an account: sign out first to make another.",
    "account.error.not_guest": "You already have an account: sign out first to make another.",
    "account.error.bad_credentials": "Wrong username or password.",
    "account.error.rate_limited": "Too many attempts. Try again in {minutes} minutes.",
    "account.error.storage": "The accounts cannot be reached just now. Please try again.",
    "account.error.signin_first": "Please sign in first.",
    "account.error.bad_current": "The current password is wrong.",
    "account.error.confirm_username": "Type your username exactly to delete the account.",
    "account.error.unknown_provider": "There is no such way to sign in.",
    "account.error.oidc_failed": "The sign-in could not be completed. Please try again.",
    "account.error.identity_taken": "This sign-in is already linked to another account.",
}

FR: dict[str, str] = {
    "nav.signin": "Se connecter",
    "account.title": "Votre compte",
    "account.signin": "Se connecter",
    "account.signup": "Créer un compte",
    "account.signup_keeps": "Vos parties d’invité sur ce navigateur passent à votre compte.",
    "account.username": "Nom d’utilisateur",
    "account.password": "Mot de passe",
    "account.new_password": "Nouveau mot de passe",
    "account.current": "Mot de passe actuel",
    "account.confirm": "Le même mot de passe, encore",
    "account.username_rule": "De 3 à 24 lettres, chiffres, _ . ou -.",
    "account.password_rule": "Au moins {n} caractères.",
    "account.with": "Se connecter avec {name}",
    "account.no_account": "Pas encore de compte ?",
    "account.have_account": "Déjà un compte ?",
    "account.already": "Vous êtes connecté en tant que {name}.",
    "account.guest": (
        "Vous jouez en invité. Connectez-vous ou créez un compte pour garder vos parties."
    ),
    "account.signed_in_as": "Connecté en tant que {name}",
    "account.profile": "Votre profil public",
    "account.linked": "Vous pouvez aussi vous connecter avec : {names}",
    "account.link": "Se connecter aussi avec {name}",
    "account.signout": "Se déconnecter",
    "account.change_password": "Changer le mot de passe",
    "account.delete": "Supprimer le compte",
    "account.delete_explain": (
        "Votre nom, votre mot de passe et vos liens de connexion sont supprimés. Vos parties "
        "restent pour les autres joueurs, sous le nom « Deleted player »."
    ),
    "account.delete_confirm": "Tapez votre nom d’utilisateur pour confirmer",
    "account.done.password": "Votre mot de passe a été changé.",
    "account.error.x": "Cela n’a pas marché. Réessayez.",
    "account.error.csrf": "Le formulaire avait expiré. Réessayez.",
    "account.error.bad_username": "Un nom d’utilisateur a de 3 à 24 lettres, chiffres, _ . ou -.",
    "account.error.bad_password": "Un mot de passe a au moins {n} caractères.",
    "account.error.password_mismatch": "Les deux mots de passe diffèrent.",
    "account.error.username_taken": "Ce nom d’utilisateur est pris.",
    "account.error.signed_in": (
        "Vous avez déjà un compte : déconnectez-vous d’abord pour en créer un autre."
    ),
    "account.error.not_guest": (
        "Vous avez déjà un compte : déconnectez-vous d’abord pour en créer un autre."
    ),
    "account.error.bad_credentials": "Nom d’utilisateur ou mot de passe incorrect.",
    "account.error.rate_limited": "Trop de tentatives. Réessayez dans {minutes} minutes.",
    "account.error.storage": "Les comptes sont injoignables pour l’instant. Réessayez.",
    "account.error.signin_first": "Connectez-vous d’abord.",
    "account.error.bad_current": "Le mot de passe actuel est faux.",
    "account.error.confirm_username": "Tapez exactement votre nom d’utilisateur pour supprimer le compte.",
    "account.error.unknown_provider": "Ce moyen de connexion n’existe pas.",
    "account.error.oidc_failed": "La connexion n’a pas pu aboutir. Réessayez.",
    "account.error.identity_taken": "Cette connexion est déjà liée à un autre compte.",
}
