import dataclasses

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Layout:
    data: str = "i"
    model: str = "j"

    def activations(self):
        return P(self.data, self.model)

    def gathered(self):
        return P(None, self.model)

    def rows(self, axis):
        return P(axis)


def batch_spec(axis):
    return P(axis)


class Exporter:
    DATA = "i"

    def spec(self):
        return P(self.DATA, None)

    def run(self, mesh, x):
        with jax.set_mesh(mesh):
            a = jax.device_put(x, NamedSharding(mesh, self.spec()))
            return top_level_all_gather(a, P(None))  # SF104


def main(mesh, x):
    layout = Layout()
    flipped = Layout(data="j", model="i")
    with jax.set_mesh(mesh):
        proj = jax.jit(lambda a: jnp.tanh(a), out_shardings=NamedSharding(mesh, layout.activations()))
        y = proj(x)
        a = top_level_all_gather(y, layout.gathered())  # SF104
        b = top_level_all_gather(y, P(None, "j", reduced={"i"}))  # none
        c = jax.device_put(x, NamedSharding(mesh, batch_spec("i")))
        d = top_level_all_gather(c, P(None))  # SF104
        e = jax.device_put(x, NamedSharding(mesh, flipped.activations()))
        f = top_level_all_gather(e, P(None, "i"))  # SF104
        g = top_level_all_gather(e, layout.rows("j"))  # SF104
    return a, b, d, f, g, Exporter().run(mesh, x)
