"""After a restore, each host keeps a redundant copy of its neighbour's shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def ring(n, shift=1):
    return [(i, (i + shift) % n) for i in range(n)]


class RedundantRestore:
    def __init__(self, host_axis="host", num_hosts=2):
        self.host_axis = host_axis
        self.perm = ring(num_hosts)

    def restore_leaf(self, shard):
        return jax.lax.all_gather(shard, self.host_axis, axis=0, to="reduced", tiled=True)

    def replicate_to_neighbour(self, leaf):
        return jax.lax.ppermute(leaf, self.host_axis, perm=self.perm)

    def __call__(self, tree):
        backup = jax.tree.map(self.replicate_to_neighbour, tree)
        return jax.tree.map(self.restore_leaf, backup)


def inputs():
    return {"w": np.arange(64, dtype=np.float32).reshape(8, 8)},


def main(tree):
    mesh = jax.make_mesh((2, 4), ("host", "device"))
    spec = {"w": P("host", "device")}
    tree = jax.device_put(tree, NamedSharding(mesh, spec["w"]))
    restore = RedundantRestore(num_hosts=mesh.shape["host"])
    return jax.shard_map(restore, mesh=mesh, in_specs=(spec,), out_specs={"w": P(None, "device", reduced={"host"})})(tree)


if __name__ == "__main__":
    main(*inputs())
