"""lingvo_lite/learners/zero_state_export.py

Adam optimizer state under ZeRO sharding: the moments of a column-split weight are split over
('data', 'mdl') on their columns. For the evaluation job, which runs model parallel only, the
moments are regathered to the model-parallel layout named by the learner's export template.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

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


class Adam(BaseLayer):
  HPARAMS = dict(learning_rate=1e-3, beta1=0.9, beta2=0.99, state_mapping=None,
                 export_mapping=None, export_reduced=())

  def init_state(self, mesh, w):
    zeros = np.zeros(w.shape, np.float32)
    return {name: place(mesh, zeros, self.state_mapping) for name in ('mu', 'nu')}

  def update(self, w, g, state):
    mu = self.beta1 * state['mu'] + (1 - self.beta1) * g
    nu = self.beta2 * state['nu'] + (1 - self.beta2) * g * g
    return w - self.learning_rate * mu / (jnp.sqrt(nu) + 1e-8), {'mu': mu, 'nu': nu}

  def export_spec(self):
    return P(*self.export_mapping, reduced=set(self.export_reduced))

  def export(self, state):
    spec = self.export_spec()
    return jax.tree.map(lambda s: top_level_all_gather(s, spec), state)


@experiment_registry.register
class ZeroAdam2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('data', 'mdl')

  def learner(self):
    return Config(Adam, learning_rate=1e-2, state_mapping=(None, ('data', 'mdl')),
                  export_mapping=(None, 'mdl'), export_reduced=('data',))


def inputs():
  rng = np.random.default_rng(53)
  return 'ZeroAdam2x4', rng.standard_normal((4, 16)).astype(np.float32)


def main(exp_name, g):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  adam = instantiate(exp.learner())
  w = place(mesh, np.zeros((4, 16), np.float32), adam.state_mapping)
  g = place(mesh, g, adam.state_mapping)
  state = adam.init_state(mesh, w)
  with jax.set_mesh(mesh):
    update = jax.jit(adam.update)
    w, state = update(w, g, state)
    exported = adam.export(state)
  print({k: v.sharding.spec for k, v in exported.items()})


if __name__ == '__main__':
  main(*inputs())
