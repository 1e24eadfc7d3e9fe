import jax
from jax.sharding import PartitionSpec as P


class Seq(list):
    def __call__(self, x):
        for layer in self:
            x = layer(x)
        return x


class Total:
    def __call__(self, x):
        return jax.lax.psum(x, "j")


class Spread:
    def __call__(self, x):
        return jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")


NET = Seq([Total(), Spread()])


def trim(**parts):
    parts["net"].pop(0)


def main(mesh, x):
    trim(net=NET)
    return jax.shard_map(NET, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
