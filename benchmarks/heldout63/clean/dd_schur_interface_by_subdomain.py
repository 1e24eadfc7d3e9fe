"""Substructuring: gather the interface block of the Schur complement, then the whole interface system."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SchurComplement:
    def __init__(self, mesh, n_interface=2):
        self.axes = tuple(mesh.axis_names)
        self.n_interface = n_interface

    def interface_block(self, s_local):
        return jax.lax.all_gather(s_local[-self.n_interface:], self.axes[1], axis=1, tiled=True, to="reduced")

    def assemble(self, s_local):
        block = self.interface_block(s_local)
        return jax.lax.all_gather(block, self.axes[0], axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(11)
    s = rng.standard_normal((16, 8)).astype(np.float32)
    return (s + s[:, ::-1],)


def main(s):
    mesh = jax.make_mesh((4, 2), ("sub", "comp"))
    spec = P("sub", "comp")
    s = jax.device_put(s, NamedSharding(mesh, spec))
    schur = SchurComplement(mesh)
    assemble = jax.shard_map(schur.assemble, mesh=mesh, in_specs=spec,
                             out_specs=P(None, None, reduced={"sub", "comp"}))
    return assemble(s)


if __name__ == "__main__":
    main(*inputs())
