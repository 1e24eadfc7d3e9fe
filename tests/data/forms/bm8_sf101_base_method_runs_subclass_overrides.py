"""SF101: the base class's `traverse` maps a closure calling `self.reduce(self.map(block))`;
every call of `traverse` is on a `DepthWalker()`, so `self` is that object and its overrides run;
the axis is a base-class attribute and out_specs the override's `out_spec()`."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Walker:
    sample_axis = "i"
    locus_axis = "j"

    def map(self, block):
        return block

    def reduce(self, values):
        return values

    def out_spec(self):
        return P(self.sample_axis, self.locus_axis)

    def traverse(self, mesh, x):
        def body(block):
            return self.reduce(self.map(block))

        return jax.shard_map(body, mesh=mesh, in_specs=P(self.sample_axis, self.locus_axis),
                             out_specs=self.out_spec())(x)


class DepthWalker(Walker):
    def map(self, block):
        return jnp.where(block > 0.0, 1.0, 0.0)

    def reduce(self, values):
        depth = jax.lax.psum(values, self.sample_axis)
        return jax.lax.all_gather(depth, self.sample_axis, tiled=True, to="reduced")  # SF101

    def out_spec(self):
        return P(None, self.locus_axis, reduced={self.sample_axis})


def main(mesh, x):
    return DepthWalker().traverse(mesh, x)
