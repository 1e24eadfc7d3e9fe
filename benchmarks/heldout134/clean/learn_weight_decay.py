"""lingvo_lite/learners/decoupled_weight_decay.py

Decoupled weight decay (AdamW-style, SGD base) for a column-split weight. The learner gathers
the weight over the model shards so the decay and the update are applied to the whole matrix,
then every model shard keeps its replicated copy.
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


class DecoupledWeightDecay(BaseLayer):
  HPARAMS = dict(learning_rate=0.1, weight_decay=0.01, model_axis=None, data_axis=None)

  def update(self, w, x, y):
    g_local = x.T @ (x @ w - y) / x.shape[0]
    g = jax.lax.pmean(g_local, self.data_axis)
    w_full = jax.lax.all_gather(w, self.model_axis, axis=1, tiled=True, to='invarying')
    g_full = jax.lax.all_gather(g, self.model_axis, axis=1, tiled=True, to='invarying')
    decayed = w_full * (1.0 - self.learning_rate * self.weight_decay)
    return decayed - self.learning_rate * g_full


@experiment_registry.register
class WeightDecay2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('data', 'mdl')

  def learner(self):
    data_axis, model_axis = self.mesh_axis_names
    return Config(DecoupledWeightDecay, learning_rate=0.1, weight_decay=0.05,
                  model_axis=model_axis, data_axis=data_axis)


def build_step(exp, mesh):
  learner = instantiate(exp.learner())
  return jax.shard_map(learner.update, mesh=mesh,
                       in_specs=(P(None, learner.model_axis), P(learner.data_axis, None),
                                 P(learner.data_axis, learner.model_axis)),
                       out_specs=P(None, None))


def inputs():
  rng = np.random.default_rng(55)
  x = rng.standard_normal((8, 3)).astype(np.float32)
  return 'WeightDecay2x4', x, rng.standard_normal((8, 8)).astype(np.float32)


def main(exp_name, x, y):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  step = build_step(exp, mesh)
  w = place(mesh, np.ones((3, 8), np.float32), (None, 'mdl'))
  x, y = place(mesh, x, ('data', None)), place(mesh, y, ('data', 'mdl'))
  with jax.set_mesh(mesh):
    w_new = step(w, x, y)
  print(w_new.shape)


if __name__ == '__main__':
  main(*inputs())
