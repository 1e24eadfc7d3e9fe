"""Options parsed from a list the code writes are read back as `args.axis`; a class keeps a field
of the same name (`self.axis = axis` in its `__init__`), which stores on the class's own objects,
never on the namespace. The sum over "i" is gathered, reduced, over `args.axis` = "i"."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Gate:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, block):
        total = jax.lax.psum(block, "i")
        return jax.lax.all_gather(total, self.axis, to="reduced")  # SF101


def main(mesh, x):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axis", default="j")
    args = parser.parse_args(["--axis", "i"])
    gate = Gate(args.axis)
    return jax.shard_map(gate, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, "j", reduced={"i"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
