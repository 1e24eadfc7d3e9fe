"""The same gate, but the code changes the namespace after parsing (`args.axis = "j"`): what
was parsed is no longer what the gate is given, and the gather over "j" is legal."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Gate:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, block):
        total = jax.lax.psum(block, "i")
        return jax.lax.all_gather(total, self.axis, to="reduced")


def main(mesh, x):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axis", default="j")
    args = parser.parse_args(["--axis", "i"])
    args.axis = "j"
    gate = Gate(args.axis)
    return jax.shard_map(gate, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "i", reduced={"j"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
