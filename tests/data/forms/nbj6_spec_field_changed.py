import jax
from jax.sharding import PartitionSpec as P


class Tuner:
    def __init__(self, mesh, wide=False):
        self.mesh = mesh
        self.trial_spec = P("i", None)
        if wide:
            self.widen()

    def widen(self):
        self.trial_spec = P("i", "j")

    def export(self, trials):
        return jax.lax.all_gather(trials, "j", axis=1, tiled=True, to="reduced")  # none

    def dump(self, trials):
        return jax.shard_map(self.export, mesh=self.mesh, in_specs=self.trial_spec,
                             out_specs=P("i", None, reduced={"j"}))(trials)


class Layout:
    def __init__(self, mesh):
        self.mesh = mesh
        self.spec = P("i", None)

    def export(self, trials):
        return jax.lax.all_gather(trials, "j", axis=1, tiled=True, to="reduced")  # none

    def dump(self, trials):
        return jax.shard_map(self.export, mesh=self.mesh, in_specs=self.spec,
                             out_specs=P("i", None, reduced={"j"}))(trials)


class WideLayout(Layout):
    def __init__(self, mesh):
        super().__init__(mesh)
        self.spec = P("i", "j")


class Renamed:
    def __init__(self, mesh):
        self.mesh = mesh
        self.table_spec = P("i", None)
        setattr(self, "table_spec", P("i", "j"))

    def export(self, trials):
        return jax.lax.all_gather(trials, "j", axis=1, tiled=True, to="reduced")  # none

    def dump(self, trials):
        return jax.shard_map(self.export, mesh=self.mesh, in_specs=self.table_spec,
                             out_specs=P("i", None, reduced={"j"}))(trials)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return Tuner(mesh, wide=True).dump(x), WideLayout(mesh).dump(x), Renamed(mesh).dump(x)
