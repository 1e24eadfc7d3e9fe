"""The one-line edits that make twins/ from clean/ (each asserted to change exactly one line).

    python3 benchmarks/adversarial9/twin_edits.py      # rewrites twins/*.py
"""
import pathlib

base = pathlib.Path(__file__).resolve().parent
T = [
 ('enum_table_duplicate_key', '             ReduceOp.SUM: _keep}', '             ReduceOp.MAX: _keep}', 'SF101'),
 ('enum_alias_key_overwrites', '    ADD = "sum"', '    ADD = "add"', 'SF101'),
 ('enum_tuple_value_lookup_fails', '    SUM = "sum",', '    SUM = "sum"', 'SF101'),
 ('intenum_equal_across_classes', 'def all_reduce(t, op=Op.NONE):', 'def all_reduce(t, op=Op.SUM):', 'SF101'),
 ('str_enum_equals_its_string', 'def all_reduce(t, op=Op.NONE):', 'def all_reduce(t, op=Op.SUM):', 'SF101'),
 ('enum_alias_is_same_member', '    FIXED = 2', '    FIXED = 3', 'SF105'),
 ('enum_auto_values_are_names', '        return Op.NONE', '        return Op.SUM', 'SF101'),
 ('dict_true_key_replaces_one', '_REDUCERS = {1: jax.lax.psum, True: _keep}', '_REDUCERS = {1: jax.lax.psum, False: _keep}', 'SF101'),
 ('getattr_instance_none_shadows_method', '    def __init__(self, enabled=False):', '    def __init__(self, enabled=True):', 'SF101'),
 ('getattr_subclass_class_attr_none', '    on_batch_end = None', '    on_batch_end = TotalLogger.on_batch_end', 'SF101'),
 ('field_method_overridden_in_subclass', '    reducer = LocalReducer()', '    reducer = Reducer()', 'SF101'),
 ('field_method_raises_before_store', '    def __init__(self, axis="i", enabled=False):', '    def __init__(self, axis="i", enabled=True):', 'SF101'),
 ('default_object_changed_through_instance', 'Norm().policy.sum_axis = "j"', 'Norm().policy.sum_axis = "i"', 'SF101'),
 ('default_object_class_attr_changed', 'Policy.sum_axis = "j"', 'Policy.sum_axis = "i"', 'SF101'),
 ('default_object_via_defaults_tuple', 'normalized.__defaults__[0].sum_axis = "j"', 'normalized.__defaults__[0].sum_axis = "i"', 'SF101'),
 ('config_list_alias_slice_assign', '    axes[:] = ["i"]', '    axes[:] = ["i", "j"]', 'SF105'),
 ('config_values_loop_truncates', '        del axes[1:]', '        del axes[2:]', 'SF105'),
 ('config_get_then_pop', '    CONFIG.get("sync").pop()', '    CONFIG.get("sync").copy().pop()', 'SF105'),
 ('config_changed_through_globals', '    globals()["CONFIG"]["sync"].remove("j")', '    globals()["CONFIG"]["sync"].append("j")', 'SF105'),
 ('config_shallow_copy_shares_list', '    local = copy.copy(CONFIG)', '    local = copy.deepcopy(CONFIG)', 'SF105'),
 ('config_unbound_list_method', '    list.pop(CONFIG["sync"])', '    list.copy(CONFIG["sync"])', 'SF105'),
 ('builder_copy_item_changed', '    config["sync"].pop()', '    config["sync"] = config["sync"][:1]', 'SF105'),
 ('builder_update_from_mutated_table', 'OVERRIDES["sync"].pop()', 'OVERRIDES["sync"].copy().pop()', 'SF105'),
 ('comprehension_string_rule_iterates_chars', 'RULES = {"count": ("j"), "sync": ["i"]}', 'RULES = {"count": ("j"), "sync": ["i", "j"]}', 'SF105'),
 ('comprehension_filter_with_side_effect', '    counts = jax.lax.psum(block, axes_for("count"))', '    counts = jax.lax.psum(block, ("j",))', 'SF105'),
 ('late_binding_closures_in_loop', 'STAGES = [lambda x: fn(x) for fn in (summed, kept)]', 'STAGES = [lambda x, fn=fn: fn(x) for fn in (summed, kept)]', 'SF101'),
 ('post_init_subclass_skips_base', '        self.name = "eval"', '        super().__post_init__()', 'SF102'),
 ('post_init_guard_zero_tuple_is_none_test', '    config = UnshardConfig(plan=())', '    config = UnshardConfig(plan=None)', 'SF102'),
 ('kept_keyword_default_bound_at_def', 'AXES = ("i",)\n', 'AXES = ("i", "j")\n', 'SF105'),
 ('kept_keyword_default_list_mutated', 'ESTIMATORS["mean_rows"][1].pop()', 'ESTIMATORS["mean_rows"][1].copy().pop()', 'SF105'),
 ('getitem_replaced_on_class', 'Groups.__getitem__ = _by_vocab', 'Groups.__len__ = _by_vocab', 'SF101'),
 ('getitem_subclass_override', 'GROUPS = VocabGroups()', 'GROUPS = Groups()', 'SF101'),
 ('registry_setdefault_first_wins', '            self.hooks.setdefault(name, fn)', '            self.hooks[name] = fn', 'SF101'),
 ('registry_key_normalized', '            self.hooks[name.lower()] = fn', '            self.hooks[name] = fn', 'SF101'),
 ('filler_list_aliased_then_changed', 'DP_AXES.remove("j")', 'DP_AXES.copy().remove("j")', 'SF105'),
 ('filler_first_call_kept', 'new_group("dp", ["i"])', 'new_group("ep", ["i"])', 'SF105'),
 ('host_mutable_default_remembers', 'COUNT_AXES = sync_axes("j")', 'COUNT_AXES = ("j",)', 'SF105'),
 ('host_cache_prefilled', '_CACHE["i, j"] = ("i",)', '_CACHE["i,j"] = ("i",)', 'SF105'),
 ('host_default_bound_at_def', 'DROP = ("j",)', 'DROP = ()', 'SF105'),
 ('host_global_rebound_later', 'KEEP = ("i",)', 'KEEP = ("i", "j")', 'SF105'),
 ('host_shadowed_builtin', '    return [a for a in items if a == "i"]', '    return list(items)', 'SF105'),
 ('host_class_attr_input_changed', 'Defaults.SYNC = "i"', 'Defaults.SYNC = "i,j"', 'SF105'),
 ('host_counter_global_state', 'WARMUP = next_axes()', 'WARMUP = None', 'SF105'),
 ('host_config_dict_changed_after_parse_input', 'RAW["sync_axes"].pop()', 'RAW["sync_axes"].copy().pop()', 'SF105'),
 ('host_parse_skips_default_axis', 'def parse(text, skip="j"):', 'def parse(text, skip="k"):', 'SF105'),
 ('host_record_bool_false', '        return bool(self.key)', '        return bool(self.value)', 'SF105'),
 ('host_record_len_zero', '        return len(self.options)', '        return len(self.axes)', 'SF105'),
 ('host_dataclass_class_default_changed', 'Fmt.skip = "j"', 'Fmt.skip = "k"', 'SF105'),
 ('host_lambda_default_from_local', '    skip = "j"\n', '    skip = "k"\n', 'SF105'),
 ('host_comprehension_var_no_leak', '    drop = "j"', '    drop = "y"', 'SF105'),
 ('host_lazy_map_after_pop', '    parts.pop()', '    parts.append(parts.pop())', 'SF105'),
 ('host_generator_after_pop', '    parts.pop()', '    parts.append(parts.pop())', 'SF105'),
 ('host_lazy_zip_after_pop', '    flags.pop()', '    flags.append(flags.pop())', 'SF105'),
 ('host_iterator_consumed_twice', '    count = len(list(stripped))', '    count = 2', 'SF105'),
 ('host_function_redefined', '    return tuple(text.split(",")[:1])', '    return tuple(text.split(",")[:2])', 'SF105'),
 ('enum_alias_name_is_canonical', '    FIXED = 2', '    FIXED = 3', 'SF105'),
 ('list_repeat_shares_rows', 'PLANS = [["i", "j"]] * 2', 'PLANS = [["i", "j"], ["i", "j"]]', 'SF105'),
 ('dict_fromkeys_shares_value', 'AXES = dict.fromkeys(("count", "sync"), [])', 'AXES = {"count": [], "sync": ["i", "j"]}', 'SF105'),
 ('field_method_on_other_object', '    warm.prepare([x])', '    live.prepare([x])', 'SF101'),
 ('default_list_accumulates', '    reduce_once(x * 0.0)', '    x * 0.0', 'SF101'),
 ('spec_property_overridden_in_subclass', '    return Probe(FullLattice(mesh, ("i", "j")))(x)', '    return Probe(Lattice(mesh, ("i", "j")))(x)', 'SF101'),
 ('enum_iteration_skips_alias', '    SUMMED = 1', '    SUMMED = 3', 'SF105'),
 ('enum_member_value_list_changed', 'Sync.ROWS.value.pop()', 'Sync.COLS.value.pop()', 'SF105'),
 ('getattribute_hides_hook', '        if name.startswith("on_"):', '        if name.startswith("off_"):', 'SF101'),
 ('post_init_second_store_trims', '        self.plan = self.plan[:1]', '        self.plan = self.plan[:2]', 'SF102'),
 ('kept_keyword_given_by_splat', 'OPTIONS = {"axes": ("i",)}', 'OPTIONS = {}', 'SF105'),
 ('getitem_round_robin_state', 'WARMUP = GROUPS["beam"]', 'WARMUP = None', 'SF101'),
 ('host_unconsumed_generator_no_error', '        labels = (RULES[a] for a in parts)', '        labels = [RULES[a] for a in parts]', 'SF105'),
 ('host_default_call_evaluated_once', 'SKIPS = ["j"]', 'SKIPS = []', 'SF105'),
 ('host_lambda_late_binding', '    skip = "j"\n', '    skip = "m"\n', 'SF105'),
]

if __name__ == "__main__":
    (base / "twins").mkdir(exist_ok=True)
    for name, old, new, _rule in T:
        text = (base / "clean" / f"{name}.py").read_text()
        assert text.count(old) == 1, name
        twin = text.replace(old, new)
        changed = [a for a, b in zip(text.splitlines(), twin.splitlines()) if a != b]
        assert len(changed) == 1 and len(text.splitlines()) == len(twin.splitlines()), name
        (base / "twins" / f"{name}.py").write_text(twin)
