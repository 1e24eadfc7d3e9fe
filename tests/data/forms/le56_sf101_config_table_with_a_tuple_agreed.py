"""A runner keeps a config table whose items include a tuple of axis names; every construction of
the runner gives the same table, so its method body reads `self.config.mesh.axes` as that tuple."""
import jax
from jax.sharding import PartitionSpec as P


class AttrDict(dict):
    __getattr__ = dict.__getitem__


class Runner:
    def __init__(self, config):
        self.config = config

    def _body(self, x):
        total = jax.lax.psum(x, self.config.mesh.axes)
        return jax.lax.all_gather(total, "j", axis=1, tiled=True, to="reduced")  # SF101

    def run(self, mesh, x):
        return jax.shard_map(self._body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))(x)


def main(mesh, x):
    config = AttrDict(mesh=AttrDict(axes=("i", "j"), shape=(2, 4)))
    return Runner(config).run(mesh, x)
