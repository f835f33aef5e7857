"""ArkUI's compile checks (the 109xxxxx codes of the ArkUI compile error reference,
``_ark_ui_compile``, every check it documents): each check's message as the compiler words it,
and the step its reference page gives. Data only; :mod:`.build_steps` adds the step to an ArkTS
finding whose log holds the message, with or without its code (hvigor's numbered block, the old
``ArkTS:ERROR`` format). Checks the reference lists under two codes with one message (10905105
and 10905110, 10905230 and 10905233, 10905305 and 10905328, 10905101 and 10905107) are one row."""

from __future__ import annotations

from hmdesk.core.toolchain.arkui_decorator_checks import DECORATOR_CHECKS

# (code, the message with its names as groups, the step; {0}, {1}: the names): the checks of
# the UI syntax (build()'s root and statements, a component's parent and children, a struct's
# name and decorators), of resources ($r, $rawfile); then the decorators' checks
ARKUI_CHECKS: tuple[tuple[str, str, str], ...] = (
    (
        "10905210",
        r"the 'build' method can have only one root node, which must be a container component",
        "The @Entry component's build() must have exactly one root, a container (Column, Row, "
        "Stack …): wrap the nodes in one container and remove the extra roots.",
    ),
    (
        "10905211",
        r"The '@CustomDialog' decorated custom component must contain a property of the "
        r"CustomDialogController type",
        "Add a property of type CustomDialogController to the @CustomDialog component "
        "(controller: CustomDialogController).",
    ),
    (
        "10905212",
        r"Structs are not allowed to inherit from classes or implement interfaces",
        "Remove extends/implements from the struct (move the shared code into a class it uses).",
    ),
    (
        "10903329",
        r"Unknown resource name '([^'\n]+)'",
        "No resource is named {0}: fix the name in $r('app.<type>.<name>') or add the resource to "
        "resources/base/<type>/ (a string in element/string.json, an image in media/). A "
        "system resource's name ($r('sys.media.ohos_ic_…'), sys.color, sys.float) that this "
        "SDK does not have (the system's resources differ between SDK versions): use one the "
        "SDK lists, or ship the image in the app's own media/.",
    ),
    (
        "10904333",
        r"No such '([^'\n]+)' resource in current module",
        "The module has no resource {0}: add it (a $rawfile under resources/rawfile) or fix the "
        "name and path.",
    ),
    (
        "10905230",
        r"Decorator '@Component'.{1,3}'@ComponentV2'.{1,3}or '@CustomDialog' is missing for struct",
        "Decorate the struct with @Component (or @ComponentV2, @CustomDialog).",
    ),
    (
        "10905231",
        r"A page can't contain more than one '@Entry' decorator",
        "Keep one @Entry per page: remove the others (make them @Component).",
    ),
    (
        "10905236",
        r"UI component '(\w+)' cannot be used in this place",
        "Use {0} only inside build(), a @Builder function or a page transition function.",
    ),
    (
        "10905227",
        r"The struct '(\w+)' cannot have the same name as the built-in component",
        "Rename the struct {0}: a built-in component has that name.",
    ),
    (
        "10905209",
        r"Only UI component syntax can be written here",
        "Inside build() (and @Builder) write only UI components, their attributes, if/else and "
        "ForEach: move other statements (variables, calls, console.log) into a method or an "
        "event handler.",
    ),
    (
        "10905213",
        r"A V2 component cannot be used with any member property decorated by '@Link' in a V1 "
        r"component",
        "Do not use a V1 component with @Link members inside a @ComponentV2 component: change "
        "the child's @Link to @Prop/@ObjectLink, or make it a V2 component (@Param + @Event).",
    ),
    (
        "10905224",
        r"A class decorated by '@Observed' cannot inherit from a class decorated by '@ObservedV2'",
        "Extend an @Observed class, or change this class's decorator to @ObservedV2.",
    ),
    (
        "10905225",
        r"A class decorated by '@ObservedV2' cannot inherit from a class decorated by '@Observed'",
        "Extend an @ObservedV2 class, or change this class's decorator to @Observed.",
    ),
    (
        "10905226",
        r"A class can not be decorated by '@Observed' and '@ObservedV2' at the same time",
        "Keep either @Observed or @ObservedV2 on the class.",
    ),
    (
        "10905228",
        r"The struct '(\w+)' cannot have the same name as the built-in attribute",
        "Rename the struct {0}: a built-in attribute method has that name.",
    ),
    (
        "10905229",
        r"The struct '(\w+)' can not be decorated with '@ComponentV2' and '@Component'",
        "Decorate {0} with either @ComponentV2 or @Component (@Reusable, @CustomDialog are V1).",
    ),
    (
        "10905232",
        r"A struct must have a name",
        "Name the struct (struct MyComponent {{ … }}).",
    ),
    (
        "10905238",
        r"A struct declaration without the 'default' modifier must have a name",
        "Name the struct (or declare it `export default struct`).",
    ),
    (
        "10905235",
        r"The module name '(\w+)' can not be the same as the inner component name",
        "Rename {0}: a built-in component has that name.",
    ),
    (
        "10905237",
        r"The struct name cannot contain reserved tag name: '(\w+)'",
        "Rename the struct: {0} is a reserved tag name.",
    ),
    (
        "10905241",
        r"The '@Reusable' and '@ReusableV2' decorators cannot be applied simultaneously",
        "Keep either @Reusable (with @Component) or @ReusableV2 (with @ComponentV2).",
    ),
    (
        "10905242",
        r"'@ReusableV2' is only applicable to custom components decorated by '@ComponentV2'",
        "Use @ReusableV2 only on a @ComponentV2 struct (on a @Component use @Reusable).",
    ),
    (
        "10905244",
        r"A custom component decorated with '@Component' cannot contain child components "
        r"decorated with '@ReusableV2'",
        "Do not create a @ReusableV2 component inside a @Component: make the parent "
        "@ComponentV2, or the child @Reusable.",
    ),
    (
        "10905245",
        r"A custom component decorated with '@Reusable' cannot contain any child components "
        r"decorated with '@ReusableV2'",
        "Do not create a @ReusableV2 component inside a @Reusable one.",
    ),
    (
        "10905246",
        r"A custom component decorated with '@ReusableV2' cannot contain child components "
        r"decorated with '@Reusable'",
        "Do not create a @Reusable component inside a @ReusableV2 one.",
    ),
    (
        "10905247",
        r"The template attribute of the Repeat component cannot contain any custom component "
        r"decorated with '@ReusableV2'",
        "Remove the @ReusableV2 component from Repeat's template (Repeat reuses its items itself).",
    ),
    (
        "10905248",
        r"The reuse attribute is only applicable to custom components decorated with both",
        "Use .reuse() only on a component decorated with both @ComponentV2 and @ReusableV2.",
    ),
    (
        "10905249",
        r"The reuseId attribute is not applicable to custom components decorated with both",
        "Do not set .reuseId() on a @ComponentV2 @ReusableV2 component (use .reuse()).",
    ),
    (
        "10906217",
        r"'@Entry' doesn't support \{\} parameter in card",
        "Remove the parameter that a widget's @Entry does not support (check the widget's "
        "@Entry arguments).",
    ),
    (
        "10905203",
        r"'\.stateStyles' doesn't conform standard",
        "Write .stateStyles({{ normal: …, pressed: … }}) with each state given a @Styles "
        "function or an inline style object of the documented states.",
    ),
    (
        "10905204",
        r"'([^'\n]+)' does not meet UI component syntax",
        "Write {0} as a UI component: a component call with its attributes chained (Text('a')"
        ".fontSize(16)), inside build() or a @Builder. When it is a custom component imported "
        "from a file that is right, a stale compiled .js (and its .map) next to that .ets is "
        "what the import resolves to: delete the .js/.map files and keep the .ets.",
    ),
    (
        "10905207",
        r"Then statement cannot be null in if statement",
        "Give the if in build() a body with at least one component.",
    ),
    (
        "10905208",
        r"Condition expression cannot be null in if statement",
        "Give the if in build() a condition.",
    ),
    (
        "10905201",
        r"The [‘'`](\w+)[’'`] component can only be nested in the [‘'`]([^’'`]+)[’'`]",
        "{0} may only be a child of {1}: move it into such a parent (or add one as the layer "
        "between its parent and it).",
    ),
    (
        "10905202",
        r"The Button component with a label parameter can not have any child",
        "A Button given a label may have no child: remove the label (Button() {{ Text(…) }}) or "
        "remove the child component (with its braces).",
    ),
    (
        "10905219",
        r"The component [‘'`](\w+)[’'`] can only have the child component [‘'`]([^’'`]+)",
        "{0} accepts only {1} as its children: replace the other child components with {1}.",
    ),
    (
        "10905220",
        r"The [‘'`](\w+)[’'`] component can have only one child component",
        "{0} may have at most one child component: keep one (wrap several in a Row, Column or "
        "Stack) and remove the rest.",
    ),
    (
        "10905221",
        r"When the component [‘'`](\w+)[’'`] set [‘'`](\w+)[’'`] as [‘'`](\w+)[’'`], it can only "
        r"have a single child",
        "{0} with {1} set to {2} may have only one child component: keep one and remove the rest.",
    ),
    (
        "10905222",
        r"The component [‘'`](\w+)[’'`] can't have any child",
        "{0} cannot have children: remove its braces and the child components in them (put "
        "them beside it in a container such as Stack instead).",
    ),
    (
        "10905223",
        r"When the component [‘'`](\w+)[’'`] set [‘'`](\w+)[’'`] as [‘'`](\w+)[’'`], it can't have "
        r"any child",
        "{0} with {1} set to {2} cannot have children: remove its child components.",
    ),
    (
        "10903330",
        r"Unknown resource type '([^'\n]+)'",
        "{0} is not a resource type: use one of $r('app.<type>.<name>')'s types (string, color, "
        "float, boolean, integer, media, profile, plural …).",
    ),
    (
        "10903331",
        r"Unknown resource source '([^'\n]+)'",
        "{0} is not a resource source: a $r() reference starts with app. (or sys. for the "
        "system's resources).",
    ),
    *DECORATOR_CHECKS,
)
