"""Near miss of le28: another call of `build` passes `to="invarying"`, so the objects of the
class disagree on `to`; the analysis must not pick one (the run here gathers to 'invarying')."""
import jax
from jax.sharding import PartitionSpec as P


class Gatherer:
    def __init__(self, axis="j", to="varying"):
        self.axis, self.to = axis, to

    def run(self, mesh, x):
        def body(v):
            h = jax.lax.all_gather(v, self.axis, axis=1, tiled=True, to=self.to)
            return h.mean(axis=-1, keepdims=True)

        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)


def build(**kwargs):
    return Gatherer(**kwargs)


def debug_gatherer():
    return build(to="reduced")


def main(mesh, x):
    return build(to="invarying").run(mesh, x)
