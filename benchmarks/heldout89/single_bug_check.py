"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout89/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (SF101, SF102, SF103, SF105); for SF104 the missing `reduced=` axes, a
context mesh around the call, `jax.reshard` or the consolidated spec; for SF106 the arithmetic
moved before the gather or the gather changed to `to='invarying'`. Two SF101 programs are fixed
where the wrong flag is read (the sequence-parallel gather guarded by the flag the model uses).
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'bert_export_hf.py': [
        ('full = top_level_all_gather(leaf, P(*reversed(spec)))',
         'full = top_level_all_gather(leaf, P(reduced={a for a in spec if a is not None}))'),
    ],
    'bert_global_mlm_loss.py': [
        ('total = jax.lax.psum(jnp.sum(global_losses), dp)',
         "total = jax.lax.psum(jax.lax.pcast(jnp.sum(global_losses), dp, to='varying'), dp)"),
    ],
    'bert_lm_head.py': [
        ('transformed = layer_norm(jax.nn.gelu(gather_from_sequence_parallel_region(transformed)))',
         'transformed = gather_from_sequence_parallel_region(layer_norm(jax.nn.gelu(transformed)))'),
    ],
    'bert_loss_average.py': [
        ('summed = jax.lax.psum(jnp.stack([lm_loss, sop_loss]), mesh.axis_names)',
         "summed = jax.lax.psum(jax.lax.pcast(jnp.stack([lm_loss, sop_loss]), get_tensor_model_parallel_axis(), to='varying'), mesh.axis_names)"),
    ],
    'bert_loss_spike.py': [
        ('per_rank = jax.lax.all_gather(averaged,',
         "per_rank = jax.lax.all_gather(jax.lax.pcast(averaged, dp, to='varying'),"),
    ],
    'bert_probe_dump.py': [
        ('dump = jax.lax.all_gather(hidden,',
         "dump = jax.lax.all_gather(jax.lax.pcast(hidden, get_tensor_model_parallel_axis(), to='varying'),"),
    ],
    'ckpt_distributed_to_tp.py': [
        ('return top_level_all_gather(weight, P(tp, None, reduced={dp}))',
         'return jax.reshard(weight, P(tp, None))'),
    ],
    'ckpt_eval_accuracy.py': [
        ('correct = jax.lax.psum(jnp.sum((predictions == labels).astype(jnp.float32)), reduce_axes)',
         "correct = jax.lax.psum(jax.lax.pcast(jnp.sum((predictions == labels).astype(jnp.float32)), get_tensor_model_parallel_axis(), to='varying'), reduce_axes)"),
    ],
    'ckpt_eval_rank_losses.py': [
        ('per_rank = jax.lax.all_gather(lm_loss,',
         "per_rank = jax.lax.all_gather(jax.lax.pcast(lm_loss, get_tensor_model_parallel_axis(), to='varying'),"),
    ],
    'ckpt_merge_rotate.py': [
        ('rotated = jax.lax.ppermute(merged, tp, perm)',
         "rotated = jax.lax.ppermute(jax.lax.pcast(merged, tp, to='varying'), tp, perm)"),
    ],
    'ckpt_reshard_tp.py': [
        ('return jax.lax.all_gather(merged, self.gather_axes + (dp,),',
         "return jax.lax.all_gather(jax.lax.pcast(merged, self.gather_axes, to='varying'), self.gather_axes + (dp,),"),
    ],
    'ckpt_zero_shot_logprobs.py': [
        ("full_logits = jax.lax.all_gather(MODEL(params, tokens)[:, -1], get_tensor_model_parallel_axis(), axis=-1, tiled=True, to='reduced')",
         "full_logits = jax.lax.all_gather(MODEL(params, tokens)[:, -1], get_tensor_model_parallel_axis(), axis=-1, tiled=True, to='invarying')"),
    ],
    'gpt_activation_hook.py': [
        ('full = jax.lax.all_gather(activation,',
         "full = jax.lax.all_gather(jax.lax.pcast(activation, get_tensor_model_parallel_axis(), to='varying'),"),
    ],
    'gpt_hidden_norm.py': [
        ('hidden_norm = jnp.sqrt(jax.lax.psum(hidden_sq, tp))',
         "hidden_norm = jnp.sqrt(jax.lax.psum(jax.lax.pcast(hidden_sq, tp, to='varying'), tp))"),
    ],
    'gpt_loss_reduction.py': [
        ('return jax.lax.pmean(loss_sum / jnp.sum(loss_mask), get_world_axes())',
         "return jax.lax.pmean(jax.lax.pcast(loss_sum / jnp.sum(loss_mask), get_tensor_model_parallel_axis(), to='varying'), get_world_axes())"),
    ],
    'gpt_mup_output.py': [
        ('hidden = gather_from_sequence_parallel_region(layer_norm(hidden)) * args.mup_output_multiplier',
         'hidden = gather_from_sequence_parallel_region(layer_norm(hidden) * args.mup_output_multiplier)'),
    ],
    'gpt_save_checkpoint.py': [
        ('state_dict = jax.tree.map(lambda p: top_level_all_gather(p, P()), params)',
         'state_dict = jax.tree.map(lambda p: top_level_all_gather(p, P(reduced={a for a in p.sharding.spec if a is not None})), params)'),
    ],
    'gpt_sequence_parallel.py': [
        ("if ARGS_DEFAULTS['sequence_parallel']:",
         'if get_args().sequence_parallel:'),
    ],
    'moe_activation_dump.py': [
        ('dump = jax.lax.all_gather(full,',
         "dump = jax.lax.all_gather(jax.lax.pcast(full, get_tensor_model_parallel_axis(), to='varying'),"),
    ],
    'moe_aux_loss.py': [
        ('l_aux = jax.lax.pmean(l_aux, aux_axes)',
         "l_aux = jax.lax.pmean(jax.lax.pcast(l_aux, get_tensor_model_parallel_axis(), to='varying'), aux_axes)"),
    ],
    'moe_expert_load.py': [
        ('return jax.lax.pmax(jnp.sum(global_mask, axis=0), get_expert_parallel_axis())',
         "return jax.lax.pmax(jax.lax.pcast(jnp.sum(global_mask, axis=0), get_expert_parallel_axis(), to='varying'), get_expert_parallel_axis())"),
    ],
    'moe_expert_monitor.py': [
        ('full = jax.lax.all_gather(expert_output,',
         "full = jax.lax.all_gather(jax.lax.pcast(expert_output, get_tensor_model_parallel_axis(), to='varying'),"),
    ],
    'moe_save_experts.py': [
        ("layout = P(*DS_CONFIG['moe']['expert_layout'])",
         "layout = P(*DS_CONFIG['moe']['expert_layout'], reduced={get_expert_parallel_axis()})"),
    ],
    'moe_tp_router.py': [
        ("return jax.lax.all_gather(tokens @ params['wg'], get_tensor_model_parallel_axis(), axis=-1, tiled=True, to='reduced')",
         "return jax.lax.all_gather(tokens @ params['wg'], get_tensor_model_parallel_axis(), axis=-1, tiled=True, to='invarying')"),
    ],
    'optim_grad_norm_check.py': [
        ("norms = jax.lax.all_gather(total_norm, tp, to='reduced')",
         "norms = jax.lax.all_gather(jax.lax.pcast(total_norm, tp, to='varying'), tp, to='reduced')"),
    ],
    'optim_overflow_check.py': [
        ('return jnp.max(jax.lax.pmax(amax, tp))',
         "return jnp.max(jax.lax.pmax(jax.lax.pcast(amax, tp, to='varying'), tp))"),
    ],
    'optim_params_norm.py': [
        ('return jnp.sqrt(jax.lax.psum(norm_sq, get_world_axes()))',
         "return jnp.sqrt(jax.lax.psum(jax.lax.pcast(norm_sq, get_data_parallel_axis(), to='varying'), get_world_axes()))"),
    ],
    'optim_save_state.py': [
        ('save_optimizer_state(state, model.partition_specs())',
         'with jax.set_mesh(get_mesh()): save_optimizer_state(state, model.partition_specs())'),
    ],
    'optim_unscale_full_grads.py': [
        ("full_g = jax.lax.all_gather(g, tp, axis=1, tiled=True, to='reduced')",
         "full_g = jax.lax.all_gather(g, tp, axis=1, tiled=True, to='invarying')"),
    ],
    'optim_zero_gather.py': [
        ('full = jax.lax.all_gather(full, tuple(axes),',
         "full = jax.lax.all_gather(full if i == 0 else jax.lax.pcast(full, 'dp', to='varying'), tuple(axes),"),
    ],
    't5_cross_attention_kv.py': [
        ('return jax.lax.psum_scatter(enc_keys,',
         "return jax.lax.psum_scatter(jax.lax.pcast(enc_keys, get_tensor_model_parallel_axis(), to='varying'),"),
    ],
    't5_decoder_scale.py': [
        ('dec_out = gather_from_sequence_parallel_region(dec_out) * (model.hidden_size ** -0.5)',
         'dec_out = gather_from_sequence_parallel_region(dec_out * (model.hidden_size ** -0.5))'),
    ],
    't5_ds_config_sp.py': [
        ("if self.ds_config['sequence_parallel']['enabled']:",
         'if self.sequence_parallel:'),
    ],
    't5_encoder_cache.py': [
        ('cache = jax.lax.all_gather(enc_keys,',
         "cache = jax.lax.all_gather(jax.lax.pcast(enc_keys, get_tensor_model_parallel_axis(), to='varying'),"),
    ],
    't5_merge_partitions.py': [
        ('merged = merge_tensor_parallel_partitions(params, model.partition_specs())',
         'with jax.set_mesh(get_mesh()): merged = merge_tensor_parallel_partitions(params, model.partition_specs())'),
    ],
    't5_token_loss.py': [
        ('totals = jax.tree.map(lambda v: jax.lax.psum(v, get_world_axes()), sums)',
         "totals = jax.tree.map(lambda v: jax.lax.psum(jax.lax.pcast(v, get_tensor_model_parallel_axis(), to='varying'), get_world_axes()), sums)"),
    ],
    'xent_eval_logits.py': [
        ('full_logits = top_level_all_gather(logits, P(dp, None, None))',
         'full_logits = top_level_all_gather(logits, P(dp, None, None, reduced={get_tensor_model_parallel_axis()}))'),
    ],
    'xent_label_smoothing.py': [
        ('partition_maxima = jax.lax.all_gather(logits_max,',
         "partition_maxima = jax.lax.all_gather(jax.lax.pcast(logits_max, tp, to='varying'),"),
    ],
    'xent_logit_softcap.py': [
        ("logits = jax.lax.all_gather(vocab_parallel_logits, tp, axis=-1, tiled=True, to='reduced')",
         "logits = jax.lax.all_gather(vocab_parallel_logits, tp, axis=-1, tiled=True, to='invarying')"),
    ],
    'xent_predicted_logits.py': [
        ('return jax.lax.psum(jnp.sum(per_partition, axis=0), tp)',
         "return jax.lax.psum(jax.lax.pcast(jnp.sum(per_partition, axis=0), tp, to='varying'), tp)"),
    ],
    'xent_token_average.py': [
        ('num = jax.lax.psum(jnp.sum(losses * mask), ALL_AXES)',
         "num = jax.lax.psum(jax.lax.pcast(jnp.sum(losses * mask), 'tp', to='varying'), ALL_AXES)"),
    ],
    'xent_z_loss_stats.py': [
        ('stats = jax.lax.all_gather(per_partition,',
         "stats = jax.lax.all_gather(jax.lax.pcast(per_partition, tp, to='varying'),"),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
