"""ArkUI's compile checks of its decorators (the 109051xx, 109053xx and 109054xx codes of the
ArkUI compile error reference, ``_ark_ui_compile``): a decorator on the wrong member or struct,
state variables' initial values and types, how a parent initializes a child's decorated
properties (V1 and V2), @Entry and @Preview. Each check's message as the compiler words it and
the step its reference page gives; data only, read through :data:`.arkui_checks.ARKUI_CHECKS`."""

from __future__ import annotations

# (code, the message with its names as groups, the step; {0}, {1}: the names)
DECORATOR_CHECKS: tuple[tuple[str, str, str], ...] = (
    (
        "10905301",
        r"'@Watch' cannot be used with '(\w+)'\. Apply it only to parameters that correspond to "
        r"existing methods",
        "Define the method {0} in the struct: @Watch('{0}') names the callback it calls.",
    ),
    (
        "10905101",
        r"'@BuilderParam' property can only (?:be )?initialized by '@Builder' function",
        "Initialize the @BuilderParam with a @Builder function or a @LocalBuilder method.",
    ),
    (
        "10905302",
        r"The property '(\w+)' cannot have multiple state management decorators",
        "Keep one state management decorator on {0}.",
    ),
    (
        "10905303",
        r"The '(@\w+)' property '(\w+)' must be specified a default value",
        "Give {1} an initial value where it is declared ({0}, like @State, @StorageLink, "
        "@StorageProp, @LocalStorageLink, @LocalStorageProp and @Provide, needs one).",
    ),
    (
        "10905304",
        r"The '(@\w+)' property cannot be specified a default value",
        "Do not initialize a {0} variable where it is declared (@Consume, @Link, @ObjectLink get "
        "their value from the parent or the provider).",
    ),
    (
        "10905305",
        r"The property '(\w+)' must specify a type",
        "Declare the type of the decorated variable {0} (name: Type).",
    ),
    (
        "10905307",
        r"'@ObjectLink' cannot be used with this type",
        "@ObjectLink takes an instance of a class decorated with @Observed: decorate the class "
        "with @Observed (or use @Prop/@Link for other types).",
    ),
    (
        "10905103",
        r"The struct '(\w+)' must have at least and at most one 'build' method",
        "Give the struct {0} exactly one build() method.",
    ),
    (
        "10905106",
        r"The 'build' method can not have arguments",
        "Remove the parameters of build() (pass data through the component's properties).",
    ),
    (
        "10905105",
        r"'@Styles' decorated functions and methods cannot have arguments",
        "Remove the @Styles function's parameters; a style that takes arguments is an "
        "@Extend(Component) function.",
    ),
    (
        "10905108",
        r"'(@?\w+)' should have one and only one parameter",
        "Give {0} exactly one parameter: the component it extends, as in @Extend(Text).",
    ),
    (
        "10905113",
        r"Use the '(@?\w+)' decorator only in the global scope",
        "Move the {0} function to the file's top level (outside the struct and any class).",
    ),
    (
        "10905314",
        r"Property '(\w+)' cannot initialize using '\$' to create a reference to a variable",
        "Either decorate {0} in the child with @Link, or pass the value without '$'.",
    ),
    (
        "10905315",
        r"The '(@?\w+)' property '(\w+)' cannot be assigned to the '(@?\w+)' property '(\w+)'",
        "A {2} property ({3}) cannot be initialized from a {0} one ({1}): pass a state variable "
        "the decorator rules allow (a @Link from a @State/@Link/@Prop… of the parent, with $ or "
        "this.), or change the child's decorator.",
    ),
    (
        "10905316",
        r"The property '(\w+)' in the custom component '(\w+)' is missing",
        "Pass {0} when the parent creates {1} ({1}({{ {0}: this.… }})): a @Link (or @Require) "
        "property must be initialized by the parent.",
    ),
    (
        "10905317",
        r"The property '(\w+)' in the custom component '(\w+)' cannot be initialized here",
        "Do not pass {0} when creating {1}: its decorator (@StorageProp, @StorageLink, @Consume …) "
        "takes its value from storage or the provider.",
    ),
    (
        "10905321",
        r"'@Require(?:d)?' decorated '(\w+)' must be initialized through the component constructor",
        "Pass {0} when the parent creates the component: @Require makes it mandatory.",
    ),
    (
        "10905327",
        r"When a variable decorated with '@Param' is not assigned a default value, it must also "
        r"be decorated with '@Require'",
        "Give the @Param variable a default value, or decorate it with @Require too.",
    ),
    (
        "10905109",
        r"The wrapBuilder's parameter should be a '@Builder' function",
        "Pass wrapBuilder a global function decorated with @Builder.",
    ),
    (
        "10905402",
        r"must have one and only one '@Entry' decorator",
        "A page listed in main_pages.json (or build-profile.json5) needs exactly one @Entry "
        "component: add @Entry to its page struct, or remove the page from the list.",
    ),
    (
        "10905308",
        r"The '(@?\w+)' property '(\w+)' cannot be a '(\w+)' object",
        "Remove the {0} decorator from {1}: a state decorator cannot be put on a {2} (a "
        "CustomDialogController is a plain member).",
    ),
    (
        "10905309",
        r"The decorator '(@?\w+)' cannot have the same name as the built-in style attribute '(\w+)'",
        "Rename the custom decorator {0}: the built-in attribute {1} has that name.",
    ),
    (
        "10905310",
        r"Regular variable '(\w+)' can not be decorated with '@Watch'",
        "@Watch works only on a state variable: decorate {0} with @State (@Prop, @Link …) too, "
        "or remove @Watch.",
    ),
    (
        "10905311",
        r"'@Watch' cannot be used with '([^'\n]+)'\. Apply it only to 'string' parameters",
        "Give @Watch the callback's name as a string: @Watch('onChange').",
    ),
    (
        "10905312",
        r"The inner decorator '(@?\w+)' cannot be used together with custom decorator",
        "Do not put a custom decorator on the {0} variable: keep the built-in decorator alone.",
    ),
    (
        "10905313",
        r"The static variable of struct cannot be used together with built-in decorators",
        "Remove the built-in decorator from the static variable of the struct (or make it an "
        "instance member).",
    ),
    (
        "10905318",
        r"When the two-way binding syntax is used, the initial value of property '(\w+)' must be "
        r"a variable",
        "With !! pass a variable to {0} (this.x!!), not a function, a constant or a literal.",
    ),
    (
        "10905319",
        r"When the two-way binding syntax is used, the variable '(\w+)' must be decorated with "
        r"'@Param', and the '@Event' variable '([^'\n]+)' must be defined in the '(\w+)'",
        "For !! decorate {0} in {2} with @Param and define the @Event callback {1} there.",
    ),
    (
        "10905320",
        r"The optional character can not be used in the initial value of property '(\w+)'",
        "Pass {0} without ?. (an optional access) when initializing the @Param variable.",
    ),
    (
        "10905323",
        r"Property '(\w+)' in the '@ComponentV2' component '(\w+)' is not allowed to be assigned "
        r"values here",
        "Do not pass {0} when creating the @ComponentV2 component {1}: a V2-decorated property "
        "is not assigned from a V1 component.",
    ),
    (
        "10905324",
        r"The '(@?\w+)' property '(\w+)' in the custom component '(\w+)' cannot be initialized here",
        "Do not pass {1} when creating {2}: a {0} variable takes its value from its own source "
        "(storage, the provider), not from the parent.",
    ),
    (
        "10905325",
        r"In a struct decorated with '@ComponentV2', '@Require' can only be used with '@Param'",
        "In a @ComponentV2 struct use @Require only together with @Param.",
    ),
    (
        "10905326",
        r"When a variable decorated with '@Once', it must also be decorated with '@Param'",
        "Decorate the @Once variable with @Param too (@Param @Once).",
    ),
    (
        "10905348",
        r"The type of the '(\w+)' property can not be a class decorated with '@ObservedV2'",
        "Do not use an @ObservedV2 class as the type of the V1 state variable {0}: use @Observed "
        "with V1 decorators, or move the component to @ComponentV2.",
    ),
    (
        "10905363",
        r"The V1 decorator '(@?\w+)' cannot be applied to a Function-type variable '(\w+)'",
        "Remove {0} from {1}: a V1 state decorator cannot hold a Function or () => void.",
    ),
    (
        "10905358",
        r"When the two-way binding syntax is used, do not assign a value to '(@?\w+)' variable "
        r"'(\w+)' because the framework generates the default assignment",
        "With !! do not assign the @Event variable {1} yourself: the framework generates it.",
    ),
    (
        "10905359",
        r"Property '(\w+)' must be initialized through the component constructor",
        "Pass {0} when the parent creates the component: @Require makes it mandatory.",
    ),
    (
        "10905102",
        r"In the trailing lambda case, '(\w+)' must have one and only one property decorated "
        r"with '@BuilderParam'",
        "For a trailing closure {0} needs exactly one @BuilderParam, without parameters: remove "
        "the other @BuilderParam members (or the parameters of the one left).",
    ),
    (
        "10905104",
        r"Static methods in custom components cannot be decorated by '@LocalBuilder'",
        "Remove `static` from the @LocalBuilder method.",
    ),
    (
        "10905111",
        r"The function can not be decorated by '@Extend' and '@AnimatedExtend' at the same time",
        "Keep either @Extend or @AnimatableExtend on the function, not both.",
    ),
    (
        "10905112",
        r"'(@?\w+)' can not decorate the method",
        "{0} decorates properties, not methods: remove it from the method.",
    ),
    (
        "10905115",
        r"'(@?\w+)' can only decorate method",
        "Use {0} only on a method of the struct or class (not on a property or a global function).",
    ),
    (
        "10905116",
        r"'@Computed' can only decorate 'GetAccessor'",
        "Put @Computed only on a getter (@Computed get total(): number {{ … }}).",
    ),
    (
        "10905117",
        r"A function can only be decorated with one of the '@AnimatedExtend', '@Builder'",
        "Keep one of @AnimatableExtend, @Builder, @Extend, @Styles, @Concurrent, @Sendable on the "
        "function.",
    ),
    (
        "10905119",
        r"Duplicate '(@?\w+)' decorators for method are not allowed",
        "Put {0} on the method once.",
    ),
    (
        "10905121",
        r"The member property or method can not be decorated by multiple built-in decorators",
        "Keep one built-in decorator on the member.",
    ),
    (
        "10905125",
        r"The member property or method can not be decorated by multiple decorators",
        "Keep one decorator on the member; remove the others.",
    ),
    (
        "10905122",
        r"'@Concurrent' can not be used on '(\w+)' function declaration",
        "Remove @Concurrent from the {0} function: it applies to ordinary (non-{0}) top-level "
        "functions.",
    ),
    (
        "10905123",
        r"'@Concurrent' can not be used on method, please use it on function declaration",
        "Move the @Concurrent function out of the class to a top-level function declaration.",
    ),
    (
        "10905127",
        r"Should not add return type to the function that is decorated by Styles",
        "Remove the return type of the @Styles function.",
    ),
    (
        "10905128",
        r"Should not add return type to the function that is decorated by Extend",
        "Remove the return type of the @Extend function.",
    ),
    (
        "10905129",
        r"A property decorated by '(@?\w+)' cannot be used with two-bind syntax",
        "Do not pass a {0} property with !! (two-way binding): pass it one-way.",
    ),
    (
        "10905130",
        r"A property decorated by '(@?\w+)' cannot define a set method",
        "Remove the setter: a {0} property has only a getter.",
    ),
    (
        "10905337",
        r"The '(@?\w+)' decorator can only be used with 'struct'",
        "{0} decorates a struct only: declare the component as a struct (or remove {0}).",
    ),
    (
        "10905338",
        r"The '(@?\w+)' decorator can only be used in a 'struct' decorated with '@ComponentV2'",
        "{0} is a V2 decorator: use it in a @ComponentV2 struct, or use the V1 decorator here.",
    ),
    (
        "10905339",
        r"The '(@?\w+)' decorator can only be used in a 'struct' decorated with '@Component'",
        "{0} is a V1 decorator: use it in a @Component struct, or use the V2 decorator here.",
    ),
    (
        "10905340",
        r"The '(@?\w+)' can decorate only member variables in a 'class'",
        "Remove {0} from the method: it decorates member variables of a class.",
    ),
    (
        "10905341",
        r"The '(@?\w+)' decorator can not be used in a 'class' decorated with '@Observed'",
        "Remove {0} from the @Observed class.",
    ),
    (
        "10905342",
        r"The '(@?\w+)' decorator can not be used in a 'class' decorated with '@Sendable'",
        "Remove {0} from the @Sendable class.",
    ),
    (
        "10905343",
        r"The '(@?\w+)' can decorate only member '(\w+)' within a 'class' decorated with "
        r"'@ObservedV2'",
        "Use {0} only in an @ObservedV2 class; in an @Observed class use @Watch instead.",
    ),
    (
        "10905344",
        r"'(@?\w+)' cannot be used with classes decorated by '@ObservedV2'\. Use the '@Trace'",
        "Replace {0} with @Trace in the @ObservedV2 class.",
    ),
    (
        "10905345",
        r"The '(@?\w+)' decorator can decorate only member variables of a class",
        "Use {0} only on member variables of a class.",
    ),
    (
        "10905346",
        r"'(@?\w+)' can only decorate member property",
        "Use {0} only on member properties of the @ComponentV2 struct.",
    ),
    (
        "10905404",
        r"A page can contain at most 10 '@Preview' decorators",
        "Keep at most 10 @Preview components in the page; remove the others.",
    ),
    (
        "10905332",
        r"Invalid resource file parameter\. Enter a value in the format of",
        "Reference the resource as $r('app.type.name') (three dot-separated parts).",
    ),
)
