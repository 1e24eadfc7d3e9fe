"""The one-line edits that make twins/ from clean/ (each asserted to change exactly one line).

    python3 benchmarks/adversarial10/twin_edits.py      # rewrites twins/*.py
"""
import pathlib

base = pathlib.Path(__file__).resolve().parent
T = [
 ('zoo_defaults_item_changed', 'Averager.defaults["loss_axes"] = ("i",)', 'Averager.defaults["loss_axes"] = ("i", "j")', 'SF105'),
 ('zoo_stacked_register_last_wins', '@register("rows", axis="j", loss_axes=("i",))', '@register("rows", axis="j", loss_axes=("i", "j"))', 'SF105'),
 ('registry_build_overridden_aliases', '    aliases = {"SumAll": "SumRows"}', '    aliases = {"SumRows": "SumAll"}', 'SF105'),
 ('registry_type_replaced_before_build', '    MODEL_CFG["type"] = "SumRows"', '    MODEL_CFG["type"] = "SumAll"', 'SF105'),
 ('registry_same_name_last_registration_wins', '@MODELS.register_module("Reducer")\nclass SumRows:', '@MODELS.register_module("Rows")\nclass SumRows:', 'SF105'),
 ('registry_get_with_fallback', '    model = REDUCERS.get("Sumall", SumRows)()', '    model = REDUCERS.get("SumAll", SumRows)()', 'SF105'),
 ('call_overridden_in_subclass', '    model = make("rows")', '    model = make("all")', 'SF105'),
 ('call_set_on_instance_ignored', '    model.__call__ = _all', '    model = _all', 'SF105'),
 ('namedtuple_replace', 'PLAN = Plan()._replace(sync_axes=("i",))', 'PLAN = Plan()._replace(count_axis="j")', 'SF105'),
 ('enum_missing_maps_to_rows', 'SYNC = Sync("everything")', 'SYNC = Sync(("i", "j"))', 'SF105'),
 ('str_enum_value_lookup_by_name', '    ALL = "i"', '    ALL = "i,j"', 'SF105'),
 ('contextvar_set_in_helper', '    SYNC_AXES.set(("i",))', '    SYNC_AXES.set(("i", "j"))', 'SF105'),
 ('regex_rules_first_match_wins', '    (r"batch.*", ("i",)),', '    (r"batch", ("i",)),', 'SF105'),
 ('method_changes_field_before_run', '    model.rows_only()', '    model.__init__()', 'SF105'),
 ('method_changes_field_after_run', '        self.axes = ("i",)', '        self.axes = ("i", "j")', 'SF105'),
 ('yaml_text_override_later', 'OVERRIDES = ["sync_axes=i"]', 'OVERRIDES = ["count_axis=j"]', 'SF105'),
 ('attrdict_setattr_after_build', '    CFG.sync_axes = ("i",)', '    CFG.count_axis = "j"', 'SF105'),
 ('module_patch_then_inplace_or', '    CONFIG |= {"sync": ("i",)}', '    CONFIG |= {"count": "j"}', 'SF105'),
 ('copy_only_when_asked', '    narrow(CONF, copy=False)', '    narrow(CONF)', 'SF105'),
 ('copy_then_written_back', '    CONF.update(narrowed(CONF))', '    narrowed(CONF)', 'SF105'),
 ('merger_empty_list_uses_defaults', 'DEFAULT_OVERRIDES = [("sync_axes", ("i",))]', 'DEFAULT_OVERRIDES = []', 'SF105'),
 ('namespace_attr_rebound', 'ut.reduce = _sum_rows', 'ut.extra = _sum_rows', 'SF105'),
 ('int_stage_registered_twice', '@stage(1)\ndef sum_rows', '@stage(2)\ndef sum_rows', 'SF105'),
 ('kwargs_spread_overrides_default', 'CONF = {"sync_axes": ("i",)}', 'CONF = {"count_axis": "j"}', 'SF105'),
 ('property_reads_changed_field', '    PLAN._sync = "i"', '    PLAN._sync = "i,j"', 'SF105'),
 ('gather_input_placed_in_branch', 'FLAGS = {"flat": False}', 'FLAGS = {"flat": True}', 'SF104'),
 ('gather_input_resharded_by_helper', '        a = by_rows(mesh, a)', '        by_rows(mesh, a)', 'SF104'),
 ('gather_spec_from_flag_table', '    MODE[0] = "rows"', '    MODE[0] = "flat"', 'SF104'),
 ('gather_sharding_object_method_changes', '    layout.rows()', '    layout.__init__()', 'SF104'),
 ('namedtuple_new_defaults_changed', 'Plan.__new__.__defaults__ = ("j", ("i",))', 'Plan.__new__.__defaults__ = ("j", ("i", "j"))', 'SF105'),
 ('namedtuple_subclass_property', '        return ("i",)', '        return ("i", "j")', 'SF105'),
 ('namedtuple_replace_rebound', '    PLAN = PLAN._replace(sync_axes=("i",))', '    PLAN = PLAN._replace(count_axis="j")', 'SF105'),
 ('copy_shares_nested_list', '    conf["sync"].pop()', '    conf["sync"] = conf["sync"][:1]', 'SF105'),
 ('copy_result_rebinds_global', '    CONF = narrowed(CONF)', '    narrowed(CONF)', 'SF105'),
 ('copy_module_level_rebind', 'CONF = narrowed(CONF)', 'narrowed(CONF)', 'SF105'),
 ('copy_with_shadowed_dict', 'def dict(d):', 'def _dict(d):', 'SF105'),
 ('copy_then_clear_update', '    CONF.clear()', '    new = dict(CONF)', 'SF105'),
 ('registry_first_registration_kept', '            self._modules.setdefault(name, cls)', '            self._modules[name] = cls', 'SF105'),
 ('registry_build_type_default', '            cfg.setdefault(k, v)', '            cfg[k] = v', 'SF105'),
 ('registry_unregistered_then_reregistered', 'register("reduce")(sum_rows)', 'register("reduce")(sum_all)', 'SF105'),
 ('int_stage_first_kept', '        STAGES.setdefault(n, fn)', '        STAGES[n] = fn', 'SF105'),
 ('int_stage_key_shifted', '        STAGES[n + 1] = fn', '        STAGES[n] = fn', 'SF105'),
 ('gather_helper_early_return', '        a = by_all(mesh, a, placed=True)', '        a = by_all(mesh, a, placed=False)', 'SF104'),
 ('gather_last_placement_in_loop', '        for spec in (P(("i", "j"), None), P("i", None)):', '        for spec in (P("i", None), P(("i", "j"), None)):', 'SF104'),
 ('gather_helper_result_discarded', '        by_all(mesh, a)', '        a = by_all(mesh, a)', 'SF104'),
 ('gather_reshard_helper_by_flag', '    ROWS[0] = True', '    ROWS[0] = False', 'SF104'),
 ('dataclass_init_defaults_replaced', 'Cfg.__init__.__defaults__ = ("j", ("i",))', 'Cfg.__init__.__defaults__ = ("j", ("i", "j"))', 'SF105'),
 ('kwdefaults_replaced', '    body.__kwdefaults__["sync_axes"] = ("i",)', '    body.__kwdefaults__["sync_axes"] = ("i", "j")', 'SF105'),
 ('partial_keywords_dict_changed', '    body.keywords["sync_axes"] = ("i",)', '    body.keywords.copy()["sync_axes"] = ("i",)', 'SF105'),
 ('function_code_replaced', 'body.__code__ = _rows.__code__', '_rows.__code__ = body.__code__', 'SF105'),
 ('class_call_replaced', 'Reducer.__call__ = _rows', 'Reducer.rows = _rows', 'SF105'),
 ('decorator_returns_other_function', '    return _rows', '    return fn', 'SF105'),
 ('global_rebound_through_setattr_module', '    setattr(sys.modules[__name__], "SYNC", ("i",))', '    setattr(sys.modules[__name__], "ROWS", ("i",))', 'SF105'),
 ('global_rebound_through_globals_update', '    globals().update(SYNC=("i",))', '    globals().update(ROWS=("i",))', 'SF105'),
 ('enum_new_sets_value', '        obj._value_ = tuple(text.split(","))[:1]', '        obj._value_ = tuple(text.split(","))', 'SF105'),
 ('contextvar_set_then_reset', '    SYNC_AXES.reset(token)', '    print(token.var.name)', 'SF105'),
 ('contextvar_set_in_copied_context', '    contextvars.copy_context().run(widen)', '    widen()', 'SF105'),
 ('regex_match_is_prefix', '        if re.match(pattern, logical):', '        if re.fullmatch(pattern, logical):', 'SF105'),
 ('regex_rules_ignorecase', 'RULES = [(re.compile("batch", re.IGNORECASE), ("i",)), (re.compile("BATCH"), ("i", "j"))]', 'RULES = [(re.compile("batch"), ("i",)), (re.compile("BATCH"), ("i", "j"))]', 'SF105'),
 ('function_defaults_replaced', 'body.__defaults__ = (("i",),)', 'body.__defaults__ = (("i", "j"),)', 'SF105'),
 ('plain_init_defaults_replaced', 'Reducer.__init__.__defaults__ = (("i",),)', 'Reducer.__init__.__defaults__ = (("i", "j"),)', 'SF105'),
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
