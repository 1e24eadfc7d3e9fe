"""Transaction-sequence transformer: a key/value snapshot of the history encoder's attention
for the attribution tool. Keys and values of a card's whole history are assembled together
(one tree), then the tool's key table over the whole batch."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERIMENTS = {}


def register_experiment(name):
    def wrap(fn):
        EXPERIMENTS[name] = fn
        return fn
    return wrap


def with_overrides(cfg, overrides):
    changes = {}
    for item in overrides:
        key, _, value = item.partition("=")
        current = getattr(cfg, key)
        if isinstance(current, tuple):
            changes[key] = tuple(type(current[0])(v) for v in value.split(","))
        else:
            changes[key] = type(current)(value)
    return dataclasses.replace(cfg, **changes)


@dataclasses.dataclass(frozen=True)
class SeqConfig:
    mesh_shape: tuple = (2, 4)
    mesh_axes: tuple = ("batch", "seq")
    d_head: int = 8


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(cfg):
    return jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


def gather_tree(tree, axes, dim):
    return jax.tree.map(lambda a: jax.lax.all_gather(a, axes, axis=dim, tiled=True, to="reduced"), tree)


class AttentionSnapshot:
    def __init__(self, mesh):
        self.batch_axis, self.seq_axis = mesh.axis_names
        self.axes = tuple(mesh.axis_names)

    def __call__(self, k, v):
        k, v = gather_tree((k, v), self.seq_axis, 1)
        energy = jnp.sum(k * v, axis=-1)
        key_table = jax.lax.all_gather(k, self.axes, axis=0, tiled=True, to="reduced")
        return key_table, energy


@register_experiment("kv_snapshot")
def kv_snapshot(cfg, k, v):
    mesh = make_mesh(cfg)
    batch, seq = cfg.mesh_axes
    k = place(mesh, k, P(batch, seq, None))
    v = place(mesh, v, P(batch, seq, None))
    return jax.shard_map(AttentionSnapshot(mesh), mesh=mesh, in_specs=(P(batch, seq, None), P(batch, seq, None)),
                         out_specs=(P(None, None, None, reduced={batch, seq}), P(batch, None, reduced={seq})))(k, v)


def inputs():
    rng = np.random.default_rng(51)
    return rng.normal(size=(4, 16, 8)).astype(np.float32), rng.normal(size=(4, 16, 8)).astype(np.float32)


def main(k, v):
    return EXPERIMENTS["kv_snapshot"](SeqConfig(), k, v)


if __name__ == "__main__":
    main(*inputs())
