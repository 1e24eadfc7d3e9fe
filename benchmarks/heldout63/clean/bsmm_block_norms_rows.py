"""Iterative block pruning: each round reports the mean Frobenius norm of the block rows."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class PruneConfig:
    rounds: int = 3
    decay: float = 0.9
    row_axis: str = "rowblk"
    col_axis: str = "colblk"
    norm_axes: tuple = ("rowblk", "colblk")


def block_row_norms(w, cfg):
    return jnp.sqrt(jax.lax.psum(jnp.sum(w * w, axis=1), cfg.col_axis))


def prune(w, cfg=PruneConfig()):
    def round_(i, carry):
        w, history = carry
        norms = block_row_norms(w, cfg)
        mean_norm = jax.lax.pmean(jnp.mean(norms), cfg.row_axis)
        history = history.at[i].set(mean_norm)
        return w * cfg.decay, history
    return jax.lax.fori_loop(0, cfg.rounds, round_, (w, jnp.zeros((cfg.rounds,), w.dtype)))


def inputs():
    rng = np.random.default_rng(44)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(w):
    cfg = PruneConfig()
    mesh = jax.make_mesh((2, 4), (cfg.row_axis, cfg.col_axis))
    spec = P(cfg.row_axis, cfg.col_axis)
    w = jax.device_put(w, NamedSharding(mesh, spec))
    return jax.shard_map(prune, mesh=mesh, in_specs=spec, out_specs=(spec, P()))(w)


if __name__ == "__main__":
    main(*inputs())
