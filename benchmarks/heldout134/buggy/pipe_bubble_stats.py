"""lingvo_lite/layers/pipeline/gpipe_stats.py

GPipe-style layer pipeline over the 'stage' axis (8 stages, one layer each). Each tick every
stage runs its layer on the state it holds and passes it on with ppermute. The trainer also
wants the total activation energy per tick, kept reduced over the stages for the summary op.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class StageLayer(BaseLayer):
  HPARAMS = dict(dims=0)

  def fprop(self, w, x):
    return jnp.tanh(x @ w)


class LayerwisePipeline(BaseLayer):
  HPARAMS = dict(num_stages=0, num_microbatches=0, stage_tpl=None, summary_axis=None)

  def setup(self):
    self.create_child('stage', self.stage_tpl)
    self.stage_axis = self.weight_split_dims_mapping.stacked[0]

  def _run(self, ws, xs):
    idx = jax.lax.axis_index(self.stage_axis)
    shift = [(i, (i + 1) % self.num_stages) for i in range(self.num_stages)]
    state = jnp.zeros_like(xs[0])
    energies = []
    for t in range(self.num_microbatches + self.num_stages - 1):
      feed = xs[t] if t < self.num_microbatches else jnp.zeros_like(xs[0])
      state = jnp.where(idx == 0, feed, state)
      out = self.stage(ws[0], state)
      energies.append(jax.lax.psum(jnp.sum(out * out), self.stage_axis))
      state = jax.lax.ppermute(out, self.stage_axis, shift)
    energy = jnp.stack(energies)
    return state, jax.lax.all_gather(energy, self.summary_axis, tiled=True, to='reduced')

  def fprop(self, mesh, ws, xs):
    fn = jax.shard_map(self._run, mesh=mesh,
                       in_specs=(split_spec(self.weight_split_dims_mapping.stacked), P()),
                       out_specs=(P(self.stage_axis), P(reduced={self.summary_axis})))
    return fn(ws, xs)


@experiment_registry.register
class GPipe8(BaseExperiment):
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('stage',)

  def task(self):
    return Config(LayerwisePipeline, num_stages=8, num_microbatches=4,
                  stage_tpl=Config(StageLayer, dims=4), summary_axis='stage',
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(stacked=('stage', None, None)))


def inputs():
  rng = np.random.default_rng(40)
  return 'GPipe8', rng.standard_normal((4, 2, 4)).astype(np.float32)


def main(exp_name, xs):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  pipe = instantiate(exp.task())
  ws = np.stack([np.eye(4, dtype=np.float32) * (0.5 + 0.1 * s) for s in range(8)])
  ws = place(mesh, ws, pipe.weight_split_dims_mapping.stacked)
  xs = place(mesh, xs, None)
  with jax.set_mesh(mesh):
    state, energy = pipe.fprop(mesh, ws, xs)
  print(state.shape, energy.shape)


if __name__ == '__main__':
  main(*inputs())
