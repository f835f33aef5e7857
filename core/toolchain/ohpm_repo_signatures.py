"""What ohpm and ohpm-repo (the private registry) print when a package is published to, installed
from or served by a registry, with the ohpm-repo FAQ's answers (ide-ohpm-repo-faq: ohpm publish's
errors, ohpm-repo's own commands, its management page). Data only."""

from __future__ import annotations

from hmdesk.core.toolchain.signature import Signature

_RESTORE_META = (
    "ohpm-repo's encryption component (the meta file under its deploy_root) does not match the "
    "data it encrypted (uplink proxy addresses, certificate public keys): after an upgrade, put "
    "the previous version's meta file back; otherwise back up the database, empty the "
    "publickey and uplinkproxy tables, delete the meta file, run `ohpm-repo install` (a new "
    "meta), then configure the uplink proxy and the public keys again in the management page."
)

OHPM_REPO_SIGNATURES: tuple[Signature, ...] = (
    # localhost resolved to IPv6 ::1 while ohpm-repo listens on IPv4
    Signature(
        "network",
        (r"ECONNREFUSED ::1:(?P<port>\d+)",),
        "The registry address says localhost, which resolved to the IPv6 ::1 (IPv6 is preferred "
        "over IPv4) where ohpm-repo does not listen: write 127.0.0.1 instead of localhost (the "
        "server of store.config in ohpm-repo's config.yaml, and the registry / publish_registry "
        "in .ohpmrc), or give IPv4 priority over IPv6 on this machine.",
        meaning="localhost resolved to IPv6 ::1 (connection refused)",
        terms=("ECONNREFUSED", "::1", "127.0.0.1", "ohpm-repo"),
    ),
    Signature(
        "ohpm-deps",
        (r"The \"?key_path\"? is empty",),
        "ohpm has no credentials for publishing (publish, unpublish, dist-tags need write "
        "access): with certificate authentication make an ssh key pair, add the public key in "
        "ohpm-repo's management page and set publish_id, publish_registry and key_path in "
        ".ohpmrc; with an AccessToken (ohpm-repo 2.1.0 and ohpm 1.6.0 or later) add "
        "`//<ip>:<port>/repos/ohpm/:_auth=<token>` to .ohpmrc.",
        meaning="no publishing credentials in .ohpmrc (key_path empty)",
        terms=("key_path", ".ohpmrc", "publish_id", "AccessToken"),
    ),
    Signature(
        "ohpm-deps",
        (r"The content of private key in the key_path error",),
        "The private key could not be read: the passphrase typed is wrong (enter it again or "
        "make a new key pair); in Git Bash an old Git loses the terminal ohpm reads the "
        "passphrase from: update Git, or add the line MSYS=enable_pcon to "
        "<git>/etc/git-bash.config and open Git Bash again.",
        meaning="the publishing private key could not be read",
        terms=("key_path", "private key", "git-bash", "MSYS=enable_pcon"),
    ),
    Signature(
        "ohpm-deps",
        (r"HttpCode 400 Group does not exist",),
        "The package is named @<group>/<name> and that group (organization) does not exist in "
        "ohpm-repo: create the group in the management page (Organization), then publish again.",
        meaning="the package's group does not exist in the registry",
        terms=("ohpm publish", "group", "organization", "ohpm-repo"),
    ),
    Signature(
        "ohpm-deps",
        (r"HttpCode 400 You are not a developer of the group",),
        "The account publishing is not a member of the package's group: the group's "
        "administrator adds the account as a member (management page > Organization > details), "
        "then publish again.",
        meaning="the publisher is not a member of the package's group",
        terms=("ohpm publish", "group", "member", "ohpm-repo"),
    ),
    # publish to a registry address without its port or path (the ping's 404 has its own row)
    Signature(
        "ohpm-deps",
        (r"HttpCode 404 Not Found",),
        "The registry address answers 404: publish_registry (for install: registry) in .ohpmrc "
        "lacks the port or the repository's path; write it whole, e.g. publish_registry = "
        "http://localhost:8089/repos/ohpm.",
        meaning="the registry address lacks its port or path (HTTP 404)",
        terms=("publish_registry", ".ohpmrc", "404", "ohpm-repo"),
    ),
    Signature(
        "ohpm-deps",
        (r"Same ohpm package is exists",),
        "A package without a group can be updated only by the user who first published it: "
        "publish with that account, or give the package a group (@group/name) so its members "
        "can publish.",
        meaning="the package belongs to another publisher",
        terms=("ohpm publish", "group", "publisher"),
    ),
    Signature(
        "ohpm-deps",
        (r"The packageType is no equals the exists packageType",),
        "A HAR cannot take the name of an HSP already in the registry (or the other way): rename "
        "the package, or unpublish every HSP of that name first (a name unpublished is locked "
        "for upload_lock_hour hours, config.yaml).",
        meaning="a HAR and an HSP with one name",
        terms=("ohpm publish", "packageType", "HAR", "HSP"),
    ),
    Signature(
        "ohpm-deps",
        (r"Request Entity Too Large",),
        "The upload is too large for the registry or a proxy in front of it (HTTP 413; nginx "
        "allows 1 MB by default): raise client_max_body_size in nginx (or the private registry's "
        "proxy / SFTP server limit) above the package's size, or make the package smaller.",
        meaning="package too large for the registry (413)",
        terms=("ohpm publish", "413", "client_max_body_size", "proxy"),
    ),
    Signature(
        "ohpm-deps",
        (r"Invalid OHPM package repository",),
        "The registry refused the package: the repository field of its oh-package.json5 must be "
        "a URL starting with https:// (or http, ftp, rtsp, mms), the source repository's "
        "address.",
        meaning="invalid repository field",
        terms=("ohpm publish", "repository", "oh-package.json5"),
    ),
    # ohpm-repo's own commands and its server
    Signature(
        "config",
        (r"YAMLException: bad indentation of a mapping entry",),
        "ohpm-repo's config.yaml is indented wrongly at the line and column the message shows: "
        "fix the indentation (spaces, the same depth for keys of one level), then run "
        "`ohpm-repo install` / `ohpm-repo start` again.",
        meaning="ohpm-repo's config.yaml is indented wrongly",
        terms=("ohpm-repo", "config.yaml", "YAMLException"),
    ),
    Signature(
        "tool",
        (
            r"ohpm-repo(?:\.bat|\.cmd)?:?\s+(?:command )?not found",
            r"'ohpm-repo' is not recognized as an internal or external command",
        ),
        "The shell does not find ohpm-repo: add the bin folder of the unpacked ohpm-repo to "
        "PATH (or run ./ohpm-repo from that bin folder); commands such as install and "
        "remove_instance exist only from ohpm-repo 2.0.0.",
        meaning="ohpm-repo is not on PATH",
        terms=("ohpm-repo", "PATH", "bin"),
    ),
    Signature(
        "config",
        (r"fail to initialize encryption component",),
        _RESTORE_META,
        meaning="ohpm-repo's encryption component (meta) is damaged",
        terms=("ohpm-repo", "meta", "deploy_root", "encryption"),
    ),
    Signature(
        "config",
        (r"加密组件无效",),
        _RESTORE_META,
        meaning="ohpm-repo's encryption component (meta) does not match",
        terms=("ohpm-repo", "meta", "加密组件"),
    ),
    Signature(
        "config",
        (r"verify reverse proxy usage: set \"?use_reverse_proxy\"? to false",),
        "use_reverse_proxy is true in ohpm-repo's config.yaml but no reverse proxy sets "
        "x-forwarded-for: set it to false when no proxy is used; behind nginx add "
        "`proxy_set_header x-forwarded-for $remote_addr` (on the outermost proxy).",
        meaning="ohpm-repo's use_reverse_proxy without x-forwarded-for",
        terms=("ohpm-repo", "use_reverse_proxy", "x-forwarded-for", "nginx"),
    ),
    Signature(
        "config",
        # the words alone are any server's: only with ohpm-repo named on the line
        (r"ohpm-repo[^\n]{0,120}?非法请求|非法请求[^\n]{0,120}?ohpm-repo",),
        "ohpm-repo (5.0.2 or later) refuses a request whose time stamp differs from the server's "
        "clock by over a minute (replay protection): synchronise the clocks of the server and "
        "the browser's machine. When its log says to verify reverse proxy usage, see "
        "use_reverse_proxy in config.yaml.",
        meaning="ohpm-repo refused the request (clock differs)",
        terms=("ohpm-repo", "非法请求", "clock"),
    ),
)
