"""Gate statistics of the three NSA branches (compressed, selected, window), for logging."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("ctx", "head")


class GateStats(NamedTuple):
    compressed: jax.Array
    selected: jax.Array
    window: jax.Array


def branch_gates(h, w_gate):
    logits = jnp.einsum("thd,dg->thg", h, w_gate)
    return jax.nn.sigmoid(logits)


def gate_stats(h, w_gate):
    gates = branch_gates(h, w_gate)
    per_head = GateStats(*(gates[..., i].mean(axis=0) for i in range(3)))
    over_heads = jax.tree.map(lambda g: jax.lax.psum(g.sum(), MESH_AXES[1]), per_head)
    return jax.tree.map(lambda g: jax.lax.pmean(g, MESH_AXES), over_heads)


def inputs():
    rng = np.random.default_rng(14)
    return (rng.normal(size=(8, 8, 4)).astype(np.float32),
            rng.normal(size=(4, 3)).astype(np.float32))


def main(h, w_gate):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    h = jax.device_put(h, NamedSharding(mesh, P(*MESH_AXES, None)))
    w_gate = jax.device_put(w_gate, NamedSharding(mesh, P()))
    return jax.shard_map(gate_stats, mesh=mesh, in_specs=(P(*MESH_AXES, None), P()),
                         out_specs=GateStats(P(), P(), P()))(h, w_gate)


if __name__ == "__main__":
    print(main(*inputs()))
