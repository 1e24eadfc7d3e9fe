"""CLIP: text embeddings gathered (reduced) and divided by the learned temperature."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class ClipHead:
    def __init__(self, axis="data", init_temp=0.07):
        self.axis = axis
        self.log_temp = jnp.log(init_temp)

    def text_bank(self, txt):
        bank = jax.lax.all_gather(txt, self.axis, tiled=True, to="reduced")
        bank = bank / jnp.exp(self.log_temp)
        return bank


def inputs():
    mesh = jax.make_mesh((8,), ("data",))
    txt = jax.random.normal(jax.random.key(38), (16, 4))
    return mesh, jax.device_put(txt, NamedSharding(mesh, P("data")))


def main(mesh, txt):
    head = ClipHead()
    return jax.shard_map(head.text_bank, mesh=mesh, in_specs=P("data"),
                         out_specs=P(reduced={"data"}))(txt)
