"""Teacher-forced scoring loop of a Llama-like decoder: a fori_loop over positions computes the
vocab-parallel cross entropy of each step and accumulates the mean NLL over the mesh."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ScoreConfig:
    batch_axis: str = "dp"
    vocab_axis: str = "tp"

    @property
    def mesh_axes(self):
        return (self.batch_axis, self.vocab_axis)


def vocab_parallel_nll(logits_local, target, cfg):
    v_local = logits_local.shape[-1]
    start = jax.lax.axis_index(cfg.vocab_axis) * v_local
    m = jax.lax.pmax(jnp.max(logits_local, axis=-1), cfg.vocab_axis)
    z = jax.lax.psum(jnp.sum(jnp.exp(logits_local - m[:, None]), axis=-1), cfg.vocab_axis)
    local_t = target - start
    hit = (local_t >= 0) & (local_t < v_local)
    picked = jnp.take_along_axis(logits_local, jnp.clip(local_t, 0, v_local - 1)[:, None], axis=-1)[:, 0]
    tgt = jax.lax.psum(jnp.where(hit, picked, 0.0), cfg.vocab_axis)
    return jnp.log(z) + m - tgt


def score(hidden, unembed, targets, cfg=ScoreConfig()):
    def step(t, total):
        logits = hidden[:, t] @ unembed
        nll = vocab_parallel_nll(logits, targets[:, t], cfg)
        return total + jax.lax.pmean(jnp.mean(nll), cfg.mesh_axes)

    return jax.lax.fori_loop(0, hidden.shape[1], step, jnp.zeros(())) / hidden.shape[1]


def main(hidden, unembed, targets):
    mesh = jax.make_mesh((2, 4), ScoreConfig().mesh_axes)
    f = jax.shard_map(score, mesh=mesh, in_specs=(P("dp", None, None), P(None, "tp"), P("dp", None)),
                      out_specs=P())
    return f(jax.device_put(hidden, NamedSharding(mesh, P("dp", None, None))),
             jax.device_put(unembed, NamedSharding(mesh, P(None, "tp"))),
             jax.device_put(targets, NamedSharding(mesh, P("dp", None))))


def inputs():
    k1, k2, k3 = jax.random.split(jax.random.key(14), 3)
    return (jax.random.normal(k1, (4, 5, 16)), jax.random.normal(k2, (16, 32)),
            jax.random.randint(k3, (4, 5), 0, 32))
