"""Eval loop over sequence-parallel batches: token NLL and perplexity per checkpoint."""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVAL_CONFIG = {
    "mesh": {"replica": 2, "fsdp": 4},
    "batch_axis": "replica",
    "sequence_axis": "fsdp",
    "metric_axes": ["replica"],
}


def sequence_sum(x, cfg):
    return jax.lax.psum(jnp.sum(x, axis=-1), cfg["sequence_axis"])


def eval_step(cfg, token_logprobs, mask):
    nll = sequence_sum(-token_logprobs * mask, cfg)
    ntok = sequence_sum(mask, cfg)
    per_seq = nll / jnp.maximum(ntok, 1.0)
    mean_nll = jax.lax.pmean(jnp.mean(per_seq), axis_name=tuple(cfg["metric_axes"]))
    return mean_nll


def evaluate_checkpoints(cfg, checkpoints, batch, mask):
    mesh = jax.make_mesh(tuple(cfg["mesh"].values()), tuple(cfg["mesh"]))
    spec = P(cfg["batch_axis"], cfg["sequence_axis"])
    fn = jax.jit(jax.shard_map(lambda lp, m: eval_step(cfg, lp, m), mesh=mesh,
                               in_specs=(spec, spec), out_specs=P()))
    mask = jax.device_put(mask, NamedSharding(mesh, spec))
    results = {}
    for step, temperature in checkpoints.items():
        logprobs = jax.device_put(batch * temperature, NamedSharding(mesh, spec))
        results[step] = math.exp(float(fn(logprobs, mask)))
    return results


def inputs():
    rng = np.random.default_rng(28)
    batch = -rng.random((4, 16)).astype(np.float32)
    mask = np.ones((4, 16), np.float32)
    return EVAL_CONFIG, {1000: 1.0, 2000: 0.8}, batch, mask


def main(cfg, checkpoints, batch, mask):
    return evaluate_checkpoints(cfg, checkpoints, batch, mask)


if __name__ == "__main__":
    main(*inputs())
