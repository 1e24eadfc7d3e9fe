"""A method's activation parameter defaults to a JAX function; the body calls the method
without it, so the default (softplus) meets the reduced value."""
import jax
from jax.sharding import PartitionSpec as P


class Gate:
    def gate(self, v, act=jax.nn.softplus):
        return act(v)  # SF106

    def body(self, x):
        full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
        return self.gate(full)


def run(mesh, x):
    return jax.shard_map(Gate().body, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))(x)
