export { navigate } from './history';
export { Link, type LinkProps } from './Link';
export { toBrowserPath } from './paths';
export { type Route, Router } from './Router';
export { type RouterState, useRouter } from './router-context';
