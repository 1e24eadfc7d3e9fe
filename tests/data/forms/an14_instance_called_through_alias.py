import jax
from jax.sharding import PartitionSpec as P


class Head:
    def logits(self, x):
        full = jax.lax.all_gather(x, "i", tiled=True, to="reduced")
        return full / 4.0  # SF106

    __call__ = logits


head = Head()


def body(x):
    return head(x)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
