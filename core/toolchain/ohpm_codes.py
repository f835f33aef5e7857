"""ohpm's documented error codes (DevEco Studio's "ohpm 错误码" pages: ide-ohpm-errorcode-universal
and one page a command: install, publish, unpublish, config, info, list, ping, run, update,
uninstall, version, cache, clean, convert, dist-tags, dependency-check), in the layout of
:mod:`.hvigor_codes` (two lines a code). ohpm prints a short title after the code ("00604001 No
Match", "00632001 Ping Registries Failed"): generic words, so no code here is read without its
number. :data:`hmdesk.core.toolchain.build_codes.BUILD_CODES` takes every code it does not word
itself (00617101, 00617202, 00618005, 00622008, 00625003 are worded there from real logs).
00640001 "System Error" is left to its range (CODE_FAMILIES): its cause is the lines ohpm printed
before it (a registry timing out, a file it could not read)."""

from __future__ import annotations

from hmdesk.core.toolchain.hvigor_codes import HvigorCode, read_codes

_PAGES = r"""
# universal
00608001 ohpm-deps | no oh-package.json5 (Pkg Not Found)
    There is no oh-package.json5 where ohpm ran: run it in the project (or module) folder that holds oh-package.json5, or create one.
00608002 ohpm-deps | a file is not found
    The file ohpm was to read is not in the folder named: check that it exists, then run the command again. {message}
00608003 ohpm-deps | a file could not be read
    ohpm could not read a configuration file (held by another process?): close what holds it and run again. {message}
00617102 network | the registry check failed
    The registry ohpm info/install use is wrong: set registry in .ohpmrc to the central repository (https://ohpm.openharmony.cn/ohpm/) or your private one (`ohpm config set registry …`).
00631002 network | a registry request failed (publish_registry)
    publish_registry (ohpm publish, dist-tags) is not a registry: set it in .ohpmrc to the central or your private repository's publish address.
00670002 ohpm-deps | a path's case differs from the file's
    A path configured in the project (a dependency's file:, a main or srcPath) differs in upper/lower case from the file on disk: write it with the file's case, or set case_sensitive_check=false in .ohpmrc. {message}
# install
00604001 ohpm-deps | no version matches
    The registry has no version of the package that oh-package.json5 asks for: check its versions (`ohpm info <pkg>`) and set one that exists. {message}
00604002 ohpm-deps | a local HAR could not be installed
    A local HAR, or a remote package it depends on, does not exist, or the install folder is not writable or the disk is full: check the HAR's dependencies, the rights and the free space. {message}
00604003 ohpm-deps | a local HSP could not be installed
    The local HSP package lacks its .hsp or .har file (or other information): make a new .tgz of it with DevEco Studio and compare. {message}
00604004 ohpm-deps | no .hsp file in the HSP package
    The HSP package from the registry holds no .hsp file: use a complete package (ask its publisher). {message}
00604005 ohpm-deps | a dependency's package name is invalid
    No package of that name is in the central or private registry: search for it and fix the name. {message}
00604006 ohpm-deps | a dependency's key differs from its package name
    With useNormalizedOHMUrl (build-profile.json5) or enforce_dependency_key (.ohpmrc) true, each local dependency must be declared under the package's own name (the name in its oh-package.json5): rename the key. {message}
00604007 ohpm-deps | a required field of oh-package.json5 is empty
    Fill the required fields of oh-package.json5 (name, version …) with valid values. {message}
00604008 ohpm-deps | no highest version among a dependency's versions
    Several versions of one dependency conflict: make them agree (overrides in the project-level oh-package.json5; the ohpmrc guide's version-conflict rules). {message}
00622020 ohpm-deps | the parameterFile given is not found
    The parameterFile file or path passed to ohpm does not exist: fix it. {message}
00633001 ohpm-deps | the --target_path does not exist
    The path given with --target_path does not exist: fix it. {message}
00638002 ohpm-deps | an invalid package name
    A package name starts with a lower-case letter and holds only a-z, 0-9, '-' and '_', at most 36 characters: fix it. {message}
# publish, unpublish, dist-tags
00609001 ohpm-deps | an import is not a declared dependency
    Every package the HAR imports must be in dependencies or dynamicDependencies of its oh-package.json5 (ensure_dependency_include): declare it. {message}
00609002 ohpm-deps | no private key path (key_path)
    Set key_path in .ohpmrc to the private key made for publishing (with publish_id and publish_registry).
00609003 ohpm-deps | the private key file does not exist
    key_path in .ohpmrc names a file that does not exist: fix it. {message}
00609004 ohpm-deps | key_path is a folder
    key_path in .ohpmrc must name the private key file, not its folder.
00609005 ohpm-deps | no publish_id
    Set publish_id in .ohpmrc (the id ohpm-repo or the central repository gave the public key).
00609006 ohpm-deps | the private key file is empty
    Make the key pair again: the private key file is empty.
00609007 ohpm-deps | the private key is not supported
    Publishing needs a private key encrypted with a non-empty passphrase: make one (ssh-keygen with a passphrase) and configure it in .ohpmrc.
00609009 ohpm-deps | the HSP file is empty
    The .hsp to publish is empty: build it again.
00609010 ohpm-deps | an invalid .tgz (no .hsp in it)
    The .tgz to publish holds no .hsp: pack the HSP's .har and .hsp together (or release it from DevEco Studio). {message}
00609011 ohpm-deps | the package's metadata could not be built
    A field of the package's oh-package.json5 is wrong: check each field against the oh-package.json5 reference. {message}
00609012 ohpm-deps | the package is locked
    Three failed uploads locked the package: wait, then publish again.
00609013 ohpm-deps | a field is too long
    name (1-128), email (1-64) or url (1-256) in oh-package.json5 is too long: shorten it. {message}
00609014 ohpm-deps | .ohpmrc could not be parsed
    .ohpmrc is not in its format (key=value lines): fix it. {message}
00609015 ohpm-deps | compatibility fields are missing
    The package's oh-package.json5 lacks the compatibility fields publishing checks (e.g. compatibleSdkVersion, compatibleSdkType): add them. {message}
00610001 ohpm-deps | unpublish of every version without -f
    Without a version ohpm unpublish removes every version of the package: add -f to force it, or name the version.
00623001 ohpm-deps | an invalid dist-tag
    The tag breaks the dist-tags rules (see ohpm dist-tags): fix it. {message}
00623003 ohpm-deps | dist-tags list is written wrongly
    Write it as `ohpm dist-tags list [<@group>/]<pkg>`.
00623004 ohpm-deps | dist-tags lacks <pkg> or <tag>
    Give both the package and the tag to the dist-tags command.
00623005 ohpm-deps | no publish_registry
    Set the registry to publish to: `ohpm config set publish_registry <registry>`.
00623006 ohpm-deps | no version given
    Give the package's version in the command.
00623007 ohpm-deps | dist-tags without a subcommand
    Use one of dist-tags' subcommands: add, remove, update, list.
00623008 ohpm-deps | a dist-tags subcommand that does not exist
    Use one of dist-tags' subcommands: add, remove, update, list.
# config, info, list, ping
00602001 ohpm-deps | ohpm config without a subcommand
    Give ohpm config one of its subcommands (set, get, delete, list, encrypt).
00602002 ohpm-deps | an ohpm config subcommand that does not exist
    Use one of ohpm config's subcommands (set, get, delete, list, encrypt).
00602003 ohpm-deps | ohpm config set lacks its key and value
    Write it as `ohpm config set <key> <value>`.
00602004 ohpm-deps | ohpm config get got a value
    Write it as `ohpm config get <key>` (a key, not a value).
00602005 ohpm-deps | ohpm config delete lacks its key
    Write it as `ohpm config delete <key>`.
00602006 ohpm-deps | an invalid ohpm config list argument
    Write it as `ohpm config list [-j|--json]`.
00602007 ohpm-deps | a protected key
    Keys starting with _ (such as _auth) are protected and cannot be read by ohpm config.
00602008 ohpm-deps | the key does not exist
    Run `ohpm config list` for the keys there are, then delete one of them.
00602009 ohpm-deps | the configuration was loaded twice
    Stop the ohpm command and run it again.
00602010 ohpm-deps | the configuration was saved before it was loaded
    Run the command again once ohpm has loaded its configuration.
00602011 ohpm-deps | the configuration was set before it was loaded
    Run the command again once ohpm has loaded its configuration.
00602012 ohpm-deps | ohpm config encrypt lacks --crypto_path
    Write it as `ohpm config encrypt --crypto_path <folder>`.
00602013 ohpm-deps | the crypto path is empty
    Write it as `ohpm config encrypt --crypto_path <folder>`.
00602014 ohpm-deps | the crypto path is a file
    --crypto_path must name a folder (for the encryption component), not a file.
00602015 ohpm-deps | an invalid encryption component
    Make a valid encryption component with `ohpm config encrypt --crypto_path <folder>` and point crypto_path at it.
00602016 ohpm-deps | crypto_path is not configured right
    Fix crypto_path in .ohpmrc (the folder ohpm config encrypt made).
00622014 ohpm-deps | the parameterFile is not configured
    Configure parameterFile in the project-level oh-package.json5 (its path) as the oh-package.json5 reference describes.
00632001 network | the registry does not answer a ping
    ohpm ping could not reach the registry: check the registry address in .ohpmrc (the one pinged) and the network (proxy, firewall). {message}
00632002 ohpm-deps | no registry is set
    Set the registry in .ohpmrc, e.g. `ohpm config set registry https://ohpm.openharmony.cn/ohpm/`.
00638001 ohpm-deps | an invalid option on the command line
    The command has no such option (a misspelling, an unsupported option or argument format): check its options.
00639001 ohpm-deps | the package is not found
    No package of that name is in the central or private registry: check the name. {message}
00639002 ohpm-deps | no package name
    Give the package's name to the command.
00639003 ohpm-deps | a field ohpm info does not support
    Ask ohpm info for a field it has (keywords, dependencies, latest …).
00639004 ohpm-deps | an invalid page number
    The page number must be within [1, 10000].
00639005 ohpm-deps | an invalid page size
    The page size must be within [1, 500].
# run
00611001 ohpm-deps | the script was not found
    The script file is not at the path the script names: fix the path or add the file. {message}
00611002 ohpm-deps | a script alias is wrong
    Rename the script alias within ohpm run's rules. {message}
00611003 ohpm-deps | a script alias starts with (, [ or {
    A script alias may not start with (, [ or {: rename it.
00611004 ohpm-deps | a script alias does not start lower-case
    A script alias must start with a lower-case letter: rename it.
00611005 ohpm-deps | a script alias's length is invalid
    A script alias is 1-128 characters long: rename it.
00611006 ohpm-deps | the args are too long
    The arguments must be 1-2048 characters long.
00611007 ohpm-deps | a script alias has invalid characters
    A script alias holds only letters, digits, '_' and '-': rename it.
00611008 ohpm-deps | a script chains ohpm commands
    A script may hold one ohpm command, not several joined by || or &&: split it into scripts.
00611009 ohpm-deps | oh-package-lock.json5 could not be parsed
    oh-package-lock.json5 is not in its format: fix it, or delete it and run `ohpm install` to make it again.
00611010 ohpm-deps | --prefix names a folder without oh-package.json5
    The folder given with --prefix must hold an oh-package.json5.
00611011 ohpm-deps | no oh-package.json5 here
    Run ohpm run where an oh-package.json5 is.
00611012 ohpm-deps | the script alias is not declared
    Declare the script under scripts in oh-package.json5, or run one that is. {message}
00611013 ohpm-deps | the script is empty
    Give the script a command in oh-package.json5.
00611014 ohpm-deps | the script is invalid
    Fix the script's command in oh-package.json5.
00611015 ohpm-deps | a script with -- runs more than one ohpm run
    When an alias uses the -- marker it may run one ohpm run command only.
00611016 ohpm-deps | scripts call each other in a circle
    Scripts run each other in a circle (a runs b, b runs a): break it.
00611017 ohpm-deps | script arguments start wrongly
    Write the script arguments as the ohpm run guide shows (ohpm run name -- --key=value).
00611018 ohpm-deps | an invalid script argument
    Pass arguments as --key value, --key=value or --key=a=b.
00611019 ohpm-deps | passed arguments without --
    Arguments passed to a script start with -- (ohpm run name -- --arg).
# update, uninstall, version, cache, clean, convert, dependency-check
00606001 ohpm-deps | ohpm update with a version
    ohpm update takes package names only, no version.
00606002 ohpm-deps | --tag-filter is not a standard regex
    Write --tag-filter as a standard regular expression.
00605001 ohpm-deps | uninstall of a package that is not a dependency
    Uninstall only a package oh-package.json5 declares. {message}
00605002 ohpm-deps | uninstall with a version
    ohpm uninstall takes package names only, no version.
00617301 ohpm-deps | a local source package could not be fetched
    The local folder a dependency names does not exist: fix its path. {message}
00607001 ohpm-deps | an invalid ohpm version argument
    Write it as `ohpm version [options] [<newversion> | major | minor | patch]`.
00607002 ohpm-deps | the package's version is invalid
    Set version in oh-package.json5 to a valid semver version.
00607003 ohpm-deps | the package has no version
    Add version to oh-package.json5.
00607004 ohpm-deps | the version did not change
    Give a version other than the current one.
00607005 ohpm-deps | ohpm version without arguments
    Write it as `ohpm version [options] [<newversion> | major | minor | patch]`.
00601001 ohpm-deps | ohpm cache without a subcommand
    Write it as `ohpm cache clean`.
00601002 ohpm-deps | an ohpm cache subcommand that does not exist
    ohpm cache has clean (and -h).
00601003 ohpm-deps | a cached package is invalid
    A package in ohpm's cache is incomplete: run `ohpm cache clean`, then `ohpm install`; check registry in .ohpmrc.
00626001 ohpm-deps | a module could not be cleaned
    A file of the module is held by another process: close it and run ohpm clean again.
00636001 ohpm-deps | node_modules has no sub-folders
    ohpm convert found no package in node_modules: install the npm packages first.
00636002 ohpm-deps | no artifactType in package.json
    The npm package's package.json lacks the attribute convert needs (artifactType): add it.
00636003 ohpm-deps | an invalid rule type
    The attribute has no rule type in the validation configuration: check the convert configuration.
00636004 ohpm-deps | no package.json
    The npm package has no package.json: convert a complete package.
00636005 ohpm-deps | the package could not be converted
    A field of the npm package's package.json is missing or invalid for oh-package.json5: fix it (the oh-package.json5 field reference).
00636006 ohpm-deps | node_modules is configured wrongly
    Give convert's local mode the right node_modules folder.
00680001 network | the update information could not be fetched
    ohpm dependency-check could not reach the registry: check the central or private registry's address in .ohpmrc.
00680002 ohpm-deps | the module has no oh-package.json5
    The module named to dependency-check does not exist or lacks oh-package.json5: fix the module's name.
00680003 ohpm-deps | a package without a module
    Name a module (or the project) along with the package to dependency-check.
"""

OHPM_CODES: dict[str, HvigorCode] = read_codes(_PAGES)
