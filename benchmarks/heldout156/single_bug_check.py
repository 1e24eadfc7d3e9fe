"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout156/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: the axes the code meant (the
leaf's own spec axes instead of every mesh axis, the right rule-table entry, the non-cumulative
gather axes), the variable that was meant (the local shard instead of the gathered copy, the
partial sum instead of the total), `multi_dim=True`, a context mesh, a prefix writer layout,
and for the SF106 programs the arithmetic moved before the gather (or the gather made
`to='invarying'` with the out spec that no longer says reduced). A program that still fails
after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

FIXES = {
    # adamw_*
    'adamw_grad_norm.py': [
        ('return jax.lax.psum(sq, mesh.axis_names)',
         'return jax.lax.psum(sq, spec_axes(spec))'),
    ],
    'adamw_zero_gather.py': [
        ('seen = seen + (entry', 'seen = (entry'),
    ],
    'adamw_ema_drift.py': [
        ('drifts.append(max_drift(w_full, e_full, spec_axes(s)))',
         'drifts.append(max_drift(w, e, spec_axes(s)))'),
    ],
    'adamw_host_copy.py': [
        ('return top_level_all_gather(x, layout)',
         'return top_level_all_gather(x, layout, multi_dim=True)'),
    ],
    'adamw_norm_shards.py': [
        ('per_shard = jax.lax.all_gather(total, TENSOR_AXIS',
         'per_shard = jax.lax.all_gather(part, TENSOR_AXIS'),
    ],
    'adamw_sgdw_export.py': [
        ('    full = unshard(stepped, spec)\n'
         '    return decoupled_decay(stepped, hp["lr"] * hp["weight_decay"]), \\\n'
         '        decoupled_decay(full, hp["lr"] * hp["weight_decay"])',
         '    stepped = decoupled_decay(stepped, hp["lr"] * hp["weight_decay"])\n'
         '    return stepped, unshard(stepped, spec)'),
    ],
    # moe_*
    'moe_expert_norms.py': [
        ('STAT_AXES = {"sum_over": "mlp", "stack_over": "mlp"}',
         'STAT_AXES = {"sum_over": "mlp", "stack_over": "exp"}'),
    ],
    'moe_dense_copy.py': [
        ('    ("exp", ("expert", "tensor")),', '    ("exp", "expert"),'),
    ],
    'moe_centroid.py': [
        ('centroid = expert_mean(snapshot)', 'centroid = expert_mean(experts.wi)'),
    ],
    'moe_export.py': [
        ('return set(spec_axes(dst)) - set(spec_axes(src))',
         'return set(spec_axes(src)) - set(spec_axes(dst))'),
    ],
    'moe_l2.py': [
        ('    (r"^router/", ("expert", "tensor")),', '    (r"^router/", ("expert",)),'),
    ],
    'moe_int8_snapshot.py': [
        ('q = jnp.round(stack_experts(experts.wi, wi_spec) * scale)',
         'q = jnp.round(stack_experts(experts.wi * scale, wi_spec))'),
    ],
    # t5_*
    't5_replica_agreement.py': [
        ('jax.lax.all_gather(norms, REPLICA_AXIS, to="reduced")',
         'jax.lax.all_gather(jax.lax.pcast(norms, REPLICA_AXIS, to="varying"), REPLICA_AXIS, to="reduced")'),
    ],
    't5_hier_unshard.py': [
        ('w = jax.lax.all_gather(w, entry, axis=dim, tiled=True, to="reduced")\n        else:',
         'w = jax.lax.all_gather(w, entry[:-1], axis=dim, tiled=True, to="reduced")\n        else:'),
    ],
    't5_fuse_qkv.py': [
        ('    return jax.lax.psum_scatter(w, spec[HEADS_DIM], scatter_dimension=HEADS_DIM, tiled=True)',
         '    size = w.shape[HEADS_DIM] // jax.lax.axis_size(spec[HEADS_DIM])\n'
         '    start = jax.lax.axis_index(spec[HEADS_DIM]) * size\n'
         '    return jax.lax.dynamic_slice_in_dim(w, start, size, axis=HEADS_DIM)'),
    ],
    't5_gather_mlp.py': [
        ('    full = gatherer.gather(placed)',
         '    with jax.set_mesh(mesh):\n        full = gatherer.gather(placed)'),
    ],
    't5_mean_abs.py': [
        ('    return jax.lax.pmean(local, METRIC_AXES)',
         '    return jax.lax.pmean(local, spec_axes(spec))'),
    ],
    't5_relpos_prior.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={bias_spec[0]})', 'out_specs=P(None, None)'),
    ],
    # lora_*
    'lora_gram.py': [
        ('blocks = jax.lax.all_gather(gram, axis, to="reduced")',
         'blocks = jax.lax.all_gather(part, axis, to="reduced")'),
    ],
    'lora_merge.py': [
        ('spec_axes(spec)[: i + 1]', 'spec_axes(spec)[i]'),
    ],
    'lora_tenant_ring.py': [
        ('nxt = {k: self.rotate(full[k]) for k in bank["bank"]}',
         'nxt = {k: self.rotate(bank["bank"][k]) for k in bank["bank"]}'),
    ],
    'lora_fsdp_to_host.py': [
        ('WRITER_AXIS_RULES = [\n    ("embed", "model"),',
         'WRITER_AXIS_RULES = [\n    ("embed", "data"),'),
    ],
    'lora_adapter_norm.py': [
        ('axes = spec_axes(spec_of(base_kernel_path(name)))', 'axes = spec_axes(spec_of(name))'),
    ],
    'lora_adapter_export.py': [
        ('"b": unshard(layer.lora_b, spec.lora_b) * self.scaling}',
         '"b": unshard(layer.lora_b * self.scaling, spec.lora_b)}'),
    ],
    # opt_*
    'opt_row_stats.py': [
        ('def row_axis(spec):\n    return spec[-1]', 'def row_axis(spec):\n    return spec[0]'),
    ],
    'opt_unshard_moments.py': [
        ('spec_axes(spec[: dim + 1])', 'spec[dim]'),
    ],
    'opt_nu_writer.py': [
        ('rows = gather_rows(full, kspec)', 'rows = gather_rows(nu["dense"]["kernel"], kspec)'),
    ],
    'opt_flat_regroup.py': [
        ('top_level_all_gather(mu[name]["kernel"], writer_layout(specs[name]["kernel"]))',
         'jax.reshard(mu[name]["kernel"], P(WRITER_GROUP, None))'),
    ],
    'opt_update_norm.py': [
        ('    return jax.lax.psum(sq, MODEL_AXES) if spec_axes(spec) else sq',
         '    return jax.lax.psum(sq, spec_axes(spec)) if spec_axes(spec) else sq'),
    ],
    'opt_nu_floor.py': [
        ('lambda v, s: floored(unshard(v, s))', 'lambda v, s: unshard(floored(v), s)'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
