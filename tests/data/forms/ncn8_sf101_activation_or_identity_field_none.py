"""Near miss of cn8: no activation is given, so `activation or (lambda ...)` keeps the lambda,
which casts the summed value to varying on 'j' before the gather."""
import jax
from jax.sharding import PartitionSpec as P


class Epilogue:
    def __init__(self, axis, activation=None):
        self.axis = axis
        self.activation = activation or (lambda v: jax.lax.pcast(v, axis, to="varying"))

    def store(self, acc):
        out = self.activation(acc)
        return jax.lax.all_gather(out, self.axis, axis=1, tiled=True, to="reduced")


def main(mesh, x):
    epilogue = Epilogue("j")

    def body(x):
        acc = jax.lax.psum(x, "j")
        return epilogue.store(acc)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
