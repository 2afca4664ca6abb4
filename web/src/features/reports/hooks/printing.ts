import { createContext } from 'react'

/** PrintingContext opens every section of Relatórios while the page is printed. */
export const PrintingContext = createContext(false)
