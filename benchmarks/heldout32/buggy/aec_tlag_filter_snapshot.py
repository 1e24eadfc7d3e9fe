"""Echo-canceller filter snapshot for the device firmware: adapted taps gathered to one layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SNAPSHOT_LAYOUTS = {
    "adapt": P(("frames", "bins"), None),
    "firmware": P("bins", None, reduced={"frames"}),
}


def build_adapt(mesh):
    out = NamedSharding(mesh, SNAPSHOT_LAYOUTS["adapt"])

    def adapt(taps, grad):
        return taps - 0.01 * grad

    return jax.jit(adapt, out_shardings=out)


def snapshot(taps, target="firmware"):
    return top_level_all_gather(taps, SNAPSHOT_LAYOUTS[target])


def inputs():
    taps = np.zeros((16, 4), np.float32)
    grad = np.arange(64, dtype=np.float32).reshape(16, 4)
    return taps, grad


def main(taps, grad):
    mesh = jax.make_mesh((2, 4), ("frames", "bins"))
    adapt = build_adapt(mesh)
    taps = adapt(taps, grad)
    with jax.set_mesh(mesh):
        return snapshot(taps)


if __name__ == "__main__":
    print(main(*inputs()))
