"""The base class's static activation is replaced in the subclass the body runs on: `self.act`
is the subclass's identity, not the base's relu."""
import jax
from jax.sharding import PartitionSpec as P


class Base:
    act = staticmethod(jax.nn.relu)

    def body(self, x):
        full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        return self.act(full)


class Linear(Base):
    act = staticmethod(lambda v: v)


def run(mesh, x):
    return jax.shard_map(Linear().body, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
