"""Agent-based traffic simulation: the snapshot helper collecting the vehicle states for the
dashboard is called inside the mesh block, with full reduced specs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

STATE_SPECS = {"pos": P(("seg", "lane")), "vel": P(("seg", "lane"))}
SNAPSHOT_SPECS = {"pos": P(None, reduced={"seg", "lane"}), "vel": P(None, reduced={"seg", "lane"})}


def step(state, dt=0.5):
    vel = jnp.minimum(state["vel"] + 1.0, 30.0)
    return {"pos": state["pos"] + dt * vel, "vel": vel}


def snapshot(state):
    return {k: jax.reshard(top_level_all_gather(v, SNAPSHOT_SPECS[k]), P()) for k, v in state.items()}


def inputs():
    return np.linspace(0, 100, 32, dtype=np.float32), np.linspace(5, 25, 32, dtype=np.float32)


def main(pos, vel):
    mesh = jax.make_mesh((4, 2), ("seg", "lane"))
    shardings = {k: NamedSharding(mesh, s) for k, s in STATE_SPECS.items()}
    state = jax.tree.map(jax.device_put, {"pos": pos, "vel": vel}, shardings)
    with jax.set_mesh(mesh):
        for _ in range(3):
            state = jax.jit(step)(state)
        return snapshot(state)


if __name__ == "__main__":
    print(main(*inputs()))
