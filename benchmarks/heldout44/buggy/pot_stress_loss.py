"""Energy/force/stress loss of a potential, weighted terms looked up in a loss registry."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    def __getattr__(self, key):
        value = self[key]
        return ConfigDict(value) if isinstance(value, dict) else value


CONFIG = ConfigDict({
    "loss": {"terms": ("forces", "stress"), "weights": {"forces": 1.0, "stress": 0.1}},
    "parallel": {"batch_axes": ("data", "model"), "atom_axis": "model"},
})

LOSS_FNS = {}


def loss_term(name):
    def register(fn):
        LOSS_FNS[name] = fn
        return fn
    return register


@loss_term("forces")
def force_loss(batch, axes):
    err = jnp.sum((batch["pred_forces"] - batch["forces"]) ** 2)
    return jax.lax.psum(err, axes)


@loss_term("stress")
def stress_loss(batch, axes):
    err = jnp.sum((batch["pred_stress"] - batch["stress"]) ** 2)
    return jax.lax.pmean(err, axes)


def total_loss(batch, config=CONFIG):
    axes = config.parallel.batch_axes
    return sum(config.loss.weights[t] * LOSS_FNS[t](batch, axes) for t in config.loss.terms)


def inputs():
    rng = np.random.default_rng(40)
    return ({"forces": rng.normal(size=(4, 16, 3)).astype(np.float32),
             "pred_forces": rng.normal(size=(4, 16, 3)).astype(np.float32),
             "stress": rng.normal(size=(4, 3, 3)).astype(np.float32),
             "pred_stress": rng.normal(size=(4, 3, 3)).astype(np.float32)},)


def main(batch):
    mesh = jax.make_mesh((2, 4), CONFIG.parallel.batch_axes)
    specs = {"forces": P("data", "model", None), "pred_forces": P("data", "model", None),
             "stress": P("data", None, None), "pred_stress": P("data", None, None)}
    batch = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in batch.items()}
    return jax.shard_map(total_loss, mesh=mesh, in_specs=(specs,), out_specs=P())(batch)


if __name__ == "__main__":
    main(*inputs())
