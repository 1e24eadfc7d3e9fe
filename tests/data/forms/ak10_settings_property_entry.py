import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class Settings:
    rows: str = "i"
    cols: str = "j"

    @property
    def both(self):
        return (self.rows, self.cols)


def main(mesh, x, settings=Settings()):
    def body(v):
        s = jax.lax.psum(v, settings.cols)
        return jax.lax.pmean(s, settings.both)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P(settings.rows, settings.cols), out_specs=P())(x)
