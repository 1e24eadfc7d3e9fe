"""An activation given as a parameter default (`act=jax.nn.relu`) and stored on the object: the
call through the field is relu of a reduced value."""
import jax
from jax.sharding import PartitionSpec as P


class Head:
    def __init__(self, axis="j", act=jax.nn.relu):
        self.axis = axis
        self.act = act

    def __call__(self, x):
        full = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")
        return self.act(full)  # SF106


def run(mesh, x):
    return jax.shard_map(Head(), mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
