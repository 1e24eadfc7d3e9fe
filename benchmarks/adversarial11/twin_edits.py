"""The one-line edits that make twins/ from clean/ (each asserted to change exactly one line).

    python3 benchmarks/adversarial11/twin_edits.py      # rewrites twins/*.py
"""
import pathlib

base = pathlib.Path(__file__).resolve().parent
T = [
 ('setter_copies_before_owner_changes', '        self.sync_axes = ("i",)\n        self.hook', '        self.sync_axes = ("i", "j")\n        self.hook', 'SF105'),
 ('setter_called_with_two_objects', '    hook.set_model(Model(("i",)))', '    hook.set_model(Model(("i", "j")))', 'SF105'),
 ('walrus_rebinds_axes', '    print("sync over", (axes := ("i",)))', '    print("sync over", (axes2 := ("i",)))', 'SF105'),
 ('straight_rebind_read_in_lambda', '    axes = ("i",)\n', '    axes2 = ("i",)\n', 'SF105'),
 ('match_case_binds_axes', 'CONFIG = {"sync": ("i",)}', 'CONFIG = {"sync": ("i", "j")}', 'SF105'),
 ('subclass_drops_popped_keyword', '        kwargs.pop("sync_axes", None)', '        kwargs.get("sync_axes", None)', 'SF105'),
 ('setattr_loop_overrides_popped_field', '    config = PretrainedConfig(sync_axes=("i",))', '    config = PretrainedConfig(sync=("i", "j"))', 'SF105'),
 ('subclass_setdefault_before_super', '        kwargs.setdefault("sync_axes", ("i",))', '        kwargs.setdefault("count_axis", "j")', 'SF105'),
 ('base_init_calls_overridden_hook', '        self.sync_axes = ("i",)', '        self.sync_axes = ("i", "j")', 'SF105'),
 ('base_reads_subclass_class_attr', '    SYNC = ("i",)', '    SYNC2 = ("i",)', 'SF105'),
 ('init_subclass_keyword_sets_axes', 'class RowReducer(Reducer, axes=("i",)):', 'class RowReducer(Reducer, axes=("i", "j")):', 'SF105'),
 ('type_name_of_subclass', 'AXES = {"norm": ("i", "j"), "rownorm": ("i",)}', 'AXES = {"norm": ("i", "j"), "rownorm": ("i", "j")}', 'SF105'),
 ('dispatch_entry_overwritten', 'REDUCE["sum"] = lambda v, axis: v', 'REDUCE["none"] = lambda v, axis: v', 'SF105'),
 ('registry_record_default_changed', 'TABLE["pool"]["default"]["axes"] = ("i",)', 'TABLE["pool"]["default"]["axes"] = ("i", "j")', 'SF105'),
 ('kwargs_passed_by_spread', 'OPTIONS = {"sync_axes": ("i",)}', 'OPTIONS = {"sync_axes": ("i", "j")}', 'SF105'),
 ('forward_params_changed_after_init', '    pipe._forward_params["sync_axes"] = ("i",)', '    pipe._forward_params["sync_axes"] = ("i", "j")', 'SF105'),
 ('sanitized_dicts_shared', '        return shared, shared', '        return shared, dict(shared)', 'SF105'),
 ('namedtuple_built_by_keywords', '    specs = Graph(edges=P("i", None), nodes=P("i", "j"))', '    specs = Graph(P("i", None), P("i", "j"))', 'SF105'),
 ('argparse_set_defaults_after_option', 'parser.set_defaults(sync="i")', 'parser.set_defaults(other="i")', 'SF105'),
 ('argparse_abbreviated_option', '    args = parse(["--sync", "i"])', '    args = parse([])', 'SF105'),
 ('argparse_namespace_prefilled', '    return parser.parse_args(argv, namespace=argparse.Namespace(sync="i"))', '    return parser.parse_args(argv, namespace=argparse.Namespace(other="i"))', 'SF105'),
 ('boolean_optional_last_wins', '    args = parse(["--no-rows", "--rows"])', '    args = parse(["--rows", "--no-rows"])', 'SF105'),
 ('argparse_type_applied_to_default', '    parser.add_argument("--sync", default="rows", type=lambda s: MODES[s])', '    parser.add_argument("--sync", default="all", type=lambda s: MODES[s])', 'SF105'),
 ('json_tuple_becomes_list', 'META = json.loads(json.dumps({"sync": ("i", "j")}))', 'META = {"sync": ("i", "j")}', 'SF105'),
 ('json_int_key_collides', 'TEXT = json.dumps({"1": ["i", "j"], 1: ["i"]})', 'TEXT = json.dumps({"1": ["i", "j"], 2: ["i"]})', 'SF105'),
 ('json_isinstance_tuple_after_loads', '    return axes if isinstance(axes, tuple) else ("i",)', '    return axes if isinstance(axes, list) else ("i",)', 'SF105'),
 ('callable_shadowed', '    return isinstance(name, str) and name.startswith("row")', '    return isinstance(name, str) and name.startswith("all")', 'SF105'),
 ('kwargs_mapper_keeps_check_flag', '    @sharded(mesh=mesh, in_specs=P("i", "j"), out_specs=P(), check=False)', '    @sharded(mesh=mesh, in_specs=P("i", "j"), out_specs=P(), check=True)', 'SF105'),
 ('kwargs_mapper_rewrites_keywords', '    kw = {**kw, "check_vma": False}', '    kw = {**kw, "check_vma": True}', 'SF105'),
 ('configurable_bindings_win', 'CONFIG = "reduce.axes = (\'i\',)"', 'CONFIG = "reduce.axes = (\'i\', \'j\')"', 'SF105'),
 ('curry_puts_value_last', '    body = reduce(("i",))', '    body = reduce(("i", "j"))', 'SF105'),
 ('namedtuple_axes_not_plain_tuple', '    if type(SYNC) is tuple:', '    if isinstance(SYNC, tuple):', 'SF105'),
 ('dict_registry_copy_overrides', 'MODELS = dict(BASE, pool=RowPool)', 'MODELS = dict(BASE, extra=RowPool)', 'SF105'),
 ('helper_second_call_returns_early', '    _done.append(True)', '    _done.clear()', 'SF105'),
 ('setattr_hook_assigned_after_class', '        value = tuple(value)[:1]', '        value = tuple(value)[:2]', 'SF105'),
 ('class_body_changes_module_config', '    _C.MODEL.SYNC_AXES = ("i",)', '    _C.MODEL.SYNC_AXES = ("i", "j")', 'SF105'),
 ('default_argument_changes_module_config', 'def helper(flag=CONFIG.update(sync_axes=("i",))):', 'def helper(flag=CONFIG.update(count_axis="j")):', 'SF105'),
 ('del_field_falls_back_to_class', '        del self.sync_axes', '        self.sync_axes', 'SF105'),
 ('method_stores_on_class', '        type(self).sync_axes = ("i",)', '        type(self).sync_axes = ("i", "j")', 'SF105'),
 ('vars_alias_updated', '    vars(config).update(sync_axes=("i",))', '    dict(vars(config)).update(sync_axes=("i",))', 'SF105'),
 ('to_dict_item_popped_before_rebuild', '    saved.pop("sync_axes")', '    saved.get("sync_axes")', 'SF105'),
 ('config_dict_update_twice', 'CONFIG_DIFFS = {"rows": [{"model.sync_axes": ("i", "j")}, {"model.sync_axes": ("i",)}]}', 'CONFIG_DIFFS = {"rows": [{"model.sync_axes": ("i",)}, {"model.sync_axes": ("i", "j")}]}', 'SF105'),
 ('frozen_config_converts_lists', '                dict.__setitem__(self, key, tuple(value))', '                dict.__setitem__(self, key, list(value))', 'SF105'),
 ('merge_from_list_key_twice', '    cfg.merge_from_list(["MODEL.SYNC_AXES", "(\'i\', \'j\')", "MODEL.SYNC_AXES", "(\'i\',)"])', '    cfg.merge_from_list(["MODEL.SYNC_AXES", "(\'i\',)", "MODEL.SYNC_AXES", "(\'i\', \'j\')"])', 'SF105'),
 ('config_helper_stores_in_branch', '    add_sync_config(cfg, rows=True)', '    add_sync_config(cfg, rows=False)', 'SF105'),
 ('compile_called_twice', '    model.compile(loss_axes=("i",))', '    model.compile(loss_axes=("i", "j"))', 'SF105'),
 ('fiddle_copy_shares_arguments', '    variant = copy.copy(base)', '    variant = Config(Reducer, axes=("i", "j"))', 'SF105'),
 ('fiddle_setattr_keeps_first_axis', '            value = value[:1]', '            value = value[:2]', 'SF105'),
 ('hparams_set_through_alias', '    alias = params\n', '    alias = params.clone()\n', 'SF105'),
 ('timm_layer_table_entry_replaced', '    set_layer_config(rows_only=True)', '    set_layer_config(rows_only=False)', 'SF105'),
 ('trainer_compute_metrics_replaced', '    trainer.compute_metrics = row_metrics', '    trainer.metrics = row_metrics', 'SF105'),
 ('hf_argument_parser_post_init', '    rows_only: bool = True', '    rows_only: bool = False', 'SF105'),
 ('callback_order_matters', '    CallbackList([Widen(), Narrow()]).on_train_begin(logs)', '    CallbackList([Narrow(), Widen()]).on_train_begin(logs)', 'SF105'),
 ('fvcore_registry_entry_replaced', 'HEADS._obj_map["SumHead"] = RowHead', 'HEADS._obj_map["RowHead"] = RowHead', 'SF105'),
 ('config_read_then_mutated', 'CFG = {"sync": ("i",)}', 'CFG = {"sync": ("i", "j")}', 'SF105'),
 ('config_mutated_in_setup_function', '    CFG["sync"] = ("i",)', '    CFG["other"] = ("i",)', 'SF105'),
 ('base_builds_step_subclass_narrows_after', '        self.sync_axes = ("i",)', '        self.count_axis = ("i",)', 'SF105'),
 ('factory_called_with_two_specs', '    return full, make_step(mesh, P("i", None), ("i",))(rows)', '    return full, make_step(mesh, P("i", None), ("i", "j"))(rows)', 'SF105'),
 ('bound_method_alias_narrows', '    narrow = model.rows_only', '    narrow = model.__init__', 'SF105'),
 ('nonlocal_rebinds_between', '        axes = ("i",)', '        axes2 = ("i",)', 'SF105'),
 ('subclass_pops_after_super', '        self.sync_axes = tuple(kwargs.pop("sync_axes", ("i",)))', '        self.sync_axes = tuple(kwargs.pop("sync_axes", ("i", "j")))', 'SF105'),
 ('str_enum_isinstance_str', 'class Mode(str, enum.Enum):', 'class Mode(enum.Enum):', 'SF105'),
 ('dict_store_through_instance_dict', '        self.__dict__["axes"] = ("i",)', '        self.__dict__["axes"] = ("i", "j")', 'SF105'),
 ('gather_spec_table_entry_replaced', 'SPECS["w"] = P("i", None)', 'SPECS["b"] = P("i", None)', 'SF104'),
 ('gather_loop_same_name_twice', 'LAYOUT = [("w", P(("i", "j"), None)), ("b", P("i", None)), ("w", P("i", None))]', 'LAYOUT = [("w", P(("i", "j"), None)), ("b", P("i", None)), ("v", P("i", None))]', 'SF104'),
 ('gather_zip_names_reordered', 'NAMES = ["b", "w"]', 'NAMES = ["w", "b"]', 'SF104'),
 ('gather_comprehension_then_resharded', '        placed["w"] = jax.device_put(placed["w"], NamedSharding(mesh, P("i", None)))', '        placed["v"] = jax.device_put(placed["w"], NamedSharding(mesh, P("i", None)))', 'SF104'),
 ('module_walrus_rebinds_axes', 'print("sync over", (SYNC_AXES := ("i",)))', 'print("sync over", (ROWS := ("i",)))', 'SF105'),
 ('walrus_in_if_test', 'ROWS_ONLY = True', 'ROWS_ONLY = False', 'SF105'),
 ('walrus_in_comprehension_binds_function_name', '    picked = [axes := tuple(name) for name in (["i"],)]', '    picked = [axes := tuple(name) for name in (["i", "j"],)]', 'SF105'),
 ('module_match_capture', 'LAYOUT = ("rows", ("i",))', 'LAYOUT = ("rows", ("i", "j"))', 'SF105'),
 ('list_of_axes_not_equal_tuple', '    names = list(AXES)', '    names = tuple(AXES)', 'SF105'),
 ('json_list_plus_tuple_raises', '        return META["sync"] + ("j",)', '        return tuple(META["sync"]) + ("j",)', 'SF105'),
 ('helper_global_flag_second_call', '    DONE = True', '    DONE = False', 'SF105'),
 ('helper_function_attribute_second_call', '    tail.done = True', '    tail.done = False', 'SF105'),
 ('helper_object_counter_second_call', '        self.calls += 1', '        self.calls += 0', 'SF105'),
 ('chained_field_assignment_shares_dict', '        self.pre = self.fwd = {"sync_axes": ("i", "j")}', '        self.pre, self.fwd = {"sync_axes": ("i", "j")}, {"sync_axes": ("i", "j")}', 'SF105'),
 ('field_aliases_other_field', '        self.fwd = self.pre', '        self.fwd = dict(self.pre)', 'SF105'),
 ('unpacked_config_and_alias', '    return shared, shared', '    return shared, dict(shared)', 'SF105'),
 ('exec_rebinds_module_axes', 'exec("SYNC_AXES = (\'i\',)")', 'exec("ROWS = (\'i\',)")', 'SF105'),
]

if __name__ == "__main__":
    (base / "twins").mkdir(exist_ok=True)
    for name, old, new, _rule in T:
        src = (base / "clean" / f"{name}.py").read_text()
        assert src.count(old) == 1, name
        twin = src.replace(old, new)
        changed = [a for a, b in zip(src.splitlines(), twin.splitlines()) if a != b]
        assert len(changed) == 1 and len(src.splitlines()) == len(twin.splitlines()), name
        (base / "twins" / f"{name}.py").write_text(twin)
