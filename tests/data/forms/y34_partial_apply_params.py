import functools

import jax
from jax.sharding import PartitionSpec as P


class Model:
    def __init__(self, axis):
        self.axis = axis

    def apply(self, params, h):
        gathered = jax.lax.all_gather(h * params["scale"], self.axis, to="reduced", tiled=True)
        return jax.lax.pmean(gathered, self.axis)  # SF103


def run(mesh, x):
    model = Model("i")
    params = {"scale": 2.0}
    fn = functools.partial(model.apply, params)
    return jax.shard_map(fn, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
