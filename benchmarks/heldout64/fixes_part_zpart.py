    # partitioning helpers
    'part_logical_psum_gather.py': [
        ('return jax.lax.all_gather(x, _mesh_axes(name), **kwargs)',
         f'return jax.lax.all_gather({PC}(x, _mesh_axes(name), to="varying"), _mesh_axes(name), **kwargs)'),
    ],
    'part_regex_rules_checksum.py': [
        ('gathered = jax.lax.all_gather(w, tuple(', f'gathered = jax.lax.all_gather({PC}(w, inner, to="varying"), tuple('),
    ],
    'part_ulysses_all_to_all.py': [
        ('jax.lax.all_to_all(x, plan.head_axis,', f'jax.lax.all_to_all({PC}(x, plan.head_axis, to="varying"), plan.head_axis,'),
    ],
    'part_tlag_rules_unshard.py': [
        ('return top_level_all_gather(table, serve.spec(*names, reduced=frozenset({"data"})))',
         'return jax.reshard(table, serve.spec(*names))'),
    ],
    'part_zero_reduce_scatter.py': [
        ('jax.lax.psum_scatter(g, tuple(DATA_AXES),', f'jax.lax.psum_scatter({PC}(g, "fsdp", to="varying"), tuple(DATA_AXES),'),
    ],
    'part_sp_mlp_gelu.py': [
        ('def __init__(self, gather_to="reduced"):', 'def __init__(self, gather_to="invarying"):'),
    ],
